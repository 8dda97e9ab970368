import type { DbOrTx, Tx } from '../../db/client.js';
import type { ContactData } from './contacts.types.js';

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

/** Where other domains' contact data comes from (the orders domain: a guest's newest order). */
export type ContactSource = (db: DbOrTx, email: string) => Promise<ContactData | undefined>;

/**
 * The points where other domains plug into identity without identity importing them: one instance per
 * app (AppContext.identityHooks), so two apps in one process (tests) never see each other's listeners.
 * Registration functions return their undo, which the app calls when it closes.
 */
export class IdentityHooks {
  readonly #becameMember = new Set<VisitorBecameMemberListener>();
  readonly #contactSources = new Set<ContactSource>();

  /**
   * Subscribes to the visitor → member moment (the cart domain merges the visitor's cart into the
   * member's here). Called once per login that started from a visitor token, inside the token-issuing
   * transaction; a listener that throws fails the login.
   */
  onVisitorBecameMember(listener: VisitorBecameMemberListener): () => void {
    this.#becameMember.add(listener);
    return () => {
      this.#becameMember.delete(listener);
    };
  }

  async visitorBecameMember(event: VisitorBecameMember): Promise<void> {
    for (const listener of this.#becameMember) await listener(event);
  }

  /** Adds a source of contact data for sign-on's `mergeExistingContact`. */
  addContactSource(source: ContactSource): () => void {
    this.#contactSources.add(source);
    return () => {
      this.#contactSources.delete(source);
    };
  }

  /** The contact data known for a (lower-cased) e-mail address: the first source that knows any. */
  async contactData(db: DbOrTx, email: string): Promise<ContactData | undefined> {
    for (const source of this.#contactSources) {
      const found = await source(db, email);
      if (found && Object.keys(found).length > 0) return found;
    }
    return undefined;
  }
}
