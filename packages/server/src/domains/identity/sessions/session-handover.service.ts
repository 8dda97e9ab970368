import { AppError, invalidField } from '../../../lib/http/errors.js';
import type { Caller } from '../../access/index.js';
import type { IdentityDeps } from '../identity.deps.js';
import { findOAuthClient } from '../oauth/oauth-clients.service.js';
import { createIdentityToken } from '../sign-in/identity-tokens.service.js';
import { authTimeData, findSession } from './sessions.service.js';

/** Marks session tokens that come from an existing sign-in rather than a password just typed. */
const HANDED_OVER = 'signed-in-session';

export function isHandedOver(data: Record<string, unknown> | undefined): boolean {
  return data?.source === HANDED_OVER;
}

/**
 * "Continue as …" of prompt=select_account: the member signed in on the store's hosted pages picks that
 * account for an app's authorize request. Only a session of the store's own (bundled) client may do this,
 * so an app's member token cannot buy sessions for other apps; the session token is bound to the app and
 * marked, so that prompt=login, which asks for a fresh sign-in, does not accept it.
 */
export async function sessionTokenForApp(
  deps: IdentityDeps,
  caller: Caller,
  input: { clientId?: string },
): Promise<{ sessionToken: string }> {
  if (caller.kind !== 'member') {
    throw new AppError('UNAUTHENTICATED', 'Log in first', {
      status: 401,
      description: 'Continuing as a signed-in member needs that member’s access token.',
    });
  }
  const app = input.clientId ? await findOAuthClient(deps.db, input.clientId) : undefined;
  if (!app) throw invalidField('clientId', 'REQUIRED_FIELD', 'must be the id of an enabled OAuth client');
  const session = await findSession(deps.db, caller.sessionId);
  const pages = session?.clientId ? await findOAuthClient(deps.db, session.clientId) : undefined;
  if (!pages?.bundled) {
    throw new AppError('PERMISSION_DENIED', 'Not allowed', {
      status: 403,
      description: 'Only the store’s own sign-in pages may hand their signed-in member to an app.',
    });
  }
  const sessionToken = await createIdentityToken(deps.db, {
    purpose: 'session',
    identityId: caller.memberId,
    clientId: app.id,
    // Not a new sign-in: the app's session is as recently signed in as the one handing it over.
    data: { source: HANDED_OVER, ...authTimeData(session?.authenticatedDate) },
    now: deps.clock(),
  });
  return { sessionToken };
}
