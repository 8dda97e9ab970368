import type { ReactNode } from 'react';
import { humanize } from './format';

const BADGE_TONES: Record<string, string> = {
  PAID: 'ok',
  FULFILLED: 'ok',
  APPROVED: 'ok',
  delivered: 'ok',
  ACTIVE: 'ok',
  NOT_PAID: 'warn',
  AUTHORIZED: 'warn',
  PARTIALLY_PAID: 'warn',
  NOT_FULFILLED: 'warn',
  pending: 'warn',
  in_flight: 'warn',
  CANCELED: 'bad',
  VOIDED: 'bad',
  REFUNDED: 'muted',
  PARTIALLY_REFUNDED: 'warn',
  FULLY_REFUNDED: 'muted',
  PARTIALLY_FULFILLED: 'warn',
  failed: 'bad',
  DISABLED: 'muted',
  HIDDEN: 'muted',
};

const BADGE_LABELS: Record<string, string> = {
  APPROVED: 'Open',
  CANCELED: 'Cancelled',
  NOT_FULFILLED: 'Not fulfilled',
};

/** A status as a coloured word ("Paid", "Not fulfilled"); `children` overrides the word. */
export function Badge({ status, children }: { status: string; children?: ReactNode }) {
  return (
    <span className={`admin-badge admin-badge-${BADGE_TONES[status] ?? 'muted'}`}>
      {children ?? BADGE_LABELS[status] ?? humanize(status)}
    </span>
  );
}
