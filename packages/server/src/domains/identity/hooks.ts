import type { Tx } from '../../db/client.js';

/** A visitor logged in (or signed up) and now holds member tokens. */
export interface VisitorBecameMember {
  visitorId: string;
  memberId: string;
  /** The new member session. */
  sessionId: string;
  /**
   * The transaction that issues the member tokens: work done with it (the cart merge) commits or rolls
   * back together with the login.
   */
  tx: Tx;
}

export type VisitorBecameMemberListener = (event: VisitorBecameMember) => Promise<void> | void;

const listeners = new Set<VisitorBecameMemberListener>();

/**
 * Subscribes to the visitor → member moment (the cart domain merges the visitor's cart into the
 * member's here). Called once per login that started from a visitor token, inside the token-issuing
 * transaction; a listener that throws fails the login. Returns the unsubscribe function.
 */
export function onVisitorBecameMember(listener: VisitorBecameMemberListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export async function notifyVisitorBecameMember(event: VisitorBecameMember): Promise<void> {
  for (const listener of listeners) await listener(event);
}
