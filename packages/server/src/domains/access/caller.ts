import type { EventActor } from '../events/events.schema.js';
import type { MerchantRole } from './access.schema.js';

/**
 * Who is making a request, resolved once from the Authorization header (auth.plugin.ts).
 * Shoppers are visitors (anonymous tokens) or members (logged in); merchants are staff (owner/staff
 * API keys or staff sessions) or apps (app API keys).
 */
export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'visitor'; visitorId: string; sessionId: string }
  | { kind: 'member'; memberId: string; visitorId?: string; sessionId: string }
  | {
      kind: 'staff';
      role: Exclude<MerchantRole, 'app'>;
      apiKeyId?: string;
      staffId?: string;
      sessionId?: string;
    }
  | { kind: 'app'; apiKeyId: string };

export type CallerKind = Caller['kind'];

export const ANONYMOUS: Caller = Object.freeze({ kind: 'anonymous' });

export function isMerchant(caller: Caller): caller is Extract<Caller, { kind: 'staff' | 'app' }> {
  return caller.kind === 'staff' || caller.kind === 'app';
}

export function isShopper(caller: Caller): caller is Extract<Caller, { kind: 'visitor' | 'member' }> {
  return caller.kind === 'visitor' || caller.kind === 'member';
}

/** The identity an event records for this caller (spec §3 "Webhook identity"). */
export function actorOf(caller: Caller): EventActor {
  switch (caller.kind) {
    case 'visitor':
      return { identityType: 'ANONYMOUS_VISITOR', id: caller.visitorId };
    case 'member':
      return { identityType: 'MEMBER', id: caller.memberId };
    case 'staff':
      return { identityType: 'WIX_USER', id: caller.staffId ?? caller.apiKeyId };
    case 'app':
      return { identityType: 'APP', id: caller.apiKeyId };
    case 'anonymous':
      return { identityType: 'UNKNOWN' };
  }
}
