import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AppError, invalidField } from '../../lib/http/errors.js';
import { type Caller, isShopper } from '../access/index.js';
import type { IdentityDeps } from '../identity/index.js';
import { findOAuthClient, type IssuedTokens, sha256, startHandOverSession } from '../identity/index.js';
import { type RedirectKind, redirectSessions } from './redirects.schema.js';

type RedirectSessionRow = typeof redirectSessions.$inferSelect;

/**
 * A hosted page's flow: what an app's redirect session asked for (kind, the checkout or product) and the
 * verified URLs to send the browser back to. Read by the page after the hand-over, by its id.
 */
export interface HostedFlow {
  id: string;
  kind: RedirectKind;
  callbacks: Record<string, string>;
  checkoutId?: string;
  productSlug?: string;
  planId?: string;
}

/** The result of opening a redirect session's URL: the flow, and tokens when the page takes on a shopper. */
export interface HostedPageEntry {
  flow: HostedFlow;
  /** The app's visitor or member, in a session of the hosted pages' own (absent on a repeat visit). */
  tokens?: IssuedTokens;
}

/**
 * A browser opened a redirect session's URL (`?session=…`): the session token works once, within its
 * lifetime. When the session was created by a visitor or member, the page takes on that shopper — a new
 * session for the hosted pages' OAuth client, with the same visitor or member id, ended with the app's
 * session. A session created without a shopper (a merchant, an anonymous call) binds to the shopper the
 * browser already is. Opening it again from the same shopper is harmless and hands nothing over; from
 * anyone else a used or expired link is refused, naming only where to go back to.
 */
export async function enterHostedPage(
  deps: IdentityDeps,
  caller: Caller,
  input: { sessionToken: string; clientId: string },
): Promise<HostedPageEntry> {
  const client = await findOAuthClient(deps.db, input.clientId);
  if (!client) throw invalidField('clientId', 'REQUIRED_FIELD', 'must be the id of an enabled OAuth client');
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(redirectSessions)
      .where(eq(redirectSessions.sessionTokenHash, sha256(input.sessionToken)))
      .for('update');
    if (!row) {
      throw new AppError('REDIRECT_SESSION_NOT_FOUND', 'Link not found', {
        status: 404,
        description: 'This link does not lead anywhere. Go back to the shop you came from and try again.',
      });
    }
    if (row.usedDate) {
      if (ownsFlow(caller, row)) return { flow: flowOf(row) };
      throw linkGone(row, 'REDIRECT_SESSION_USED', 'This link has already been used.');
    }
    if (row.expiresDate <= now) throw linkGone(row, 'REDIRECT_SESSION_EXPIRED', 'This link has expired.');

    const handOver = row.sessionId && (row.visitorId || row.memberId);
    let tokens: IssuedTokens | undefined;
    if (handOver) {
      tokens = await startHandOverSession(deps, tx, {
        parentSessionId: row.sessionId as string,
        visitorId: row.visitorId,
        memberId: row.memberId,
        clientId: client.id,
      });
      if (!tokens) {
        throw linkGone(row, 'REDIRECT_SESSION_EXPIRED', 'The session this link was made in has ended.');
      }
    } else if (!isShopper(caller)) {
      // Nobody to bind the page to: the hosted page always calls with its shopper's token.
      throw new AppError('UNAUTHENTICATED', 'Authentication required', {
        status: 401,
        description: "Open this link with the browser's visitor or member token in the Authorization header.",
      });
    }
    const owner = handOver
      ? {}
      : {
          visitorId: isShopper(caller) ? (caller.visitorId ?? null) : null,
          memberId: caller.kind === 'member' ? caller.memberId : null,
        };
    const [used] = await tx
      .update(redirectSessions)
      .set({ usedDate: now, ...owner })
      .where(eq(redirectSessions.id, row.id))
      .returning();
    return { flow: flowOf(used as RedirectSessionRow), ...(tokens ? { tokens } : {}) };
  });
}

/**
 * The flow behind a hosted page's `flow` id, for the shopper who opened it (404 for anyone else: the id is
 * in the page's URL, which may be shared).
 */
export async function hostedFlowFor(db: DbOrTx, caller: Caller, flowId: string): Promise<HostedFlow> {
  const [row] = await db.select().from(redirectSessions).where(eq(redirectSessions.id, flowId));
  if (!row?.usedDate || !ownsFlow(caller, row)) {
    throw new AppError('HOSTED_FLOW_NOT_FOUND', 'Flow not found', {
      status: 404,
      description: `No flow "${flowId}" was opened by this visitor or member.`,
      data: { flowId },
    });
  }
  return flowOf(row);
}

/** `/r/{shortId}` → the full URL, while the session lasts. */
export async function fullUrlForShortId(db: DbOrTx, shortId: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ fullUrl: redirectSessions.fullUrl })
    .from(redirectSessions)
    .where(and(eq(redirectSessions.shortId, shortId), gt(redirectSessions.expiresDate, now)));
  return row?.fullUrl;
}

function ownsFlow(caller: Caller, row: RedirectSessionRow): boolean {
  if (caller.kind === 'member' && row.memberId) return caller.memberId === row.memberId;
  if (!isShopper(caller) || row.memberId) return false;
  return Boolean(caller.visitorId) && caller.visitorId === row.visitorId;
}

function flowOf(row: RedirectSessionRow): HostedFlow {
  const params = row.params as {
    ecomCheckout?: { checkoutId?: string };
    storesProduct?: { productSlug?: string };
    paidPlansCheckout?: { planId?: string };
  };
  const checkoutId = params.ecomCheckout?.checkoutId;
  const productSlug = params.storesProduct?.productSlug;
  const planId = params.paidPlansCheckout?.planId;
  return {
    id: row.id,
    kind: row.kind,
    callbacks: row.callbacks,
    ...(checkoutId ? { checkoutId } : {}),
    ...(productSlug ? { productSlug } : {}),
    ...(planId ? { planId } : {}),
  };
}

/** A used or expired link: 410, with only the app's own way back (never what the link showed). */
function linkGone(row: RedirectSessionRow, code: string, message: string): AppError {
  const backUrl =
    (row.kind === 'ecomCheckout' ? row.callbacks.cartPageUrl : undefined) ??
    (row.kind === 'paidPlansCheckout' ? row.callbacks.planListUrl : undefined) ??
    row.callbacks.postFlowUrl;
  return new AppError(code, message, {
    status: 410,
    description: `${message} Go back to the shop you came from and start again.`,
    data: backUrl ? { backUrl } : {},
  });
}
