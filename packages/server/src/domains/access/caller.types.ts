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
