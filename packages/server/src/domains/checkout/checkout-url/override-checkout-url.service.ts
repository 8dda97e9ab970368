import type { DbOrTx } from '../../../db/client.js';
import { invalidField } from '../../../lib/http/errors.js';
import { type Caller, isMerchant } from '../../access/index.js';
import { clientOfCaller, isAllowedReturnUrl, listOAuthClients } from '../../identity/index.js';

/*
 * `overrideCheckoutUrl` (on a cart or a checkout) is where getCheckoutUrl sends the buyer instead of the
 * hosted checkout: a redirect like the callbacks of a redirect session, so it obeys the same rule (ADR 029).
 * - A visitor or member may name a URL on this store or on an allowed origin of the OAuth client their
 *   token was issued to: an app may send its own shoppers to its own checkout page, nowhere else.
 * - A merchant (owner or staff, API key or admin session; app API keys too) may name a URL on this store
 *   or on an allowed origin of any enabled OAuth client of the store: the owner registered those, and a
 *   leaked key still cannot point checkouts at a site the store never approved.
 * The rule is checked when the URL is set (400 naming the field) and again when it is served, so a value
 * stored before the rule, or one whose origin was removed since, falls back to the hosted checkout.
 */

/** May this caller send buyers to `url` as the checkout page? */
export async function mayOverrideCheckoutUrl(
  db: DbOrTx,
  publicUrl: string,
  caller: Caller,
  url: string,
): Promise<boolean> {
  if (isAllowedReturnUrl(publicUrl, undefined, url)) return true;
  if (isMerchant(caller)) {
    const clients = await listOAuthClients(db);
    return clients.some((client) => !client.disabledDate && isAllowedReturnUrl(publicUrl, client, url));
  }
  const client = await clientOfCaller(db, caller);
  return Boolean(client && isAllowedReturnUrl(publicUrl, client, url));
}

/** Refuses (400 naming `field`) an override this caller may not set; nothing is written before this. */
export async function checkOverrideCheckoutUrl(
  db: DbOrTx,
  publicUrl: string,
  caller: Caller,
  url: string | undefined | null,
  field: string,
): Promise<void> {
  if (!url || (await mayOverrideCheckoutUrl(db, publicUrl, caller, url))) return;
  const store = new URL(publicUrl).origin;
  if (isMerchant(caller)) {
    throw invalidField(
      field,
      'FORMAT',
      `must be on this store (${store}) or on an allowed origin of one of its OAuth clients (register the origin first)`,
    );
  }
  const client = await clientOfCaller(db, caller);
  const origins = client?.allowedOrigins.join(', ') || 'none registered';
  throw invalidField(
    field,
    'FORMAT',
    `must be on this store (${store}) or on an allowed origin of your app's OAuth client (${origins})`,
  );
}
