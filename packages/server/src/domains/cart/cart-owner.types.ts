import { AppError } from '../../lib/http/errors.js';
import type { Caller } from '../access/index.js';

/** Whose current cart: one per visitor or member identity. */
export interface CartOwner {
  key: string;
  visitorId?: string;
  memberId?: string;
}

export function visitorOwner(visitorId: string): CartOwner {
  return { key: `visitor:${visitorId}`, visitorId };
}

export function memberOwner(memberId: string): CartOwner {
  return { key: `member:${memberId}`, memberId };
}

/** The current cart belongs to the member when logged in, else to the visitor. */
export function cartOwnerOf(caller: Caller): CartOwner {
  if (caller.kind === 'member') return memberOwner(caller.memberId);
  if (caller.kind === 'visitor') return visitorOwner(caller.visitorId);
  throw new AppError('PERMISSION_DENIED', 'Not allowed', {
    status: 403,
    description: 'The current cart belongs to a visitor or member: call with their access token.',
  });
}
