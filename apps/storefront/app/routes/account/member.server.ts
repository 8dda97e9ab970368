import { isSessionExpiredError } from '@openshelf/sdk';
import { type RouterContextProvider, redirect } from 'react-router';
import type { ShopSession } from '../../lib/session.server';
import { sessionOf } from './auth-flow.server';

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  return redirect(`/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The signed-in member's session; anyone else is sent to log in and brought back here afterwards. */
export async function requireMember(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<ShopSession> {
  const session = await sessionOf(request, context);
  if (session.role() !== 'member') throw loginRedirect(request);
  return session;
}

/**
 * Runs a member call; a session that has ended meanwhile (logout elsewhere, password changed, blocked)
 * becomes a trip to the login page instead of an error page.
 */
export async function asMember<T>(
  request: Request,
  session: ShopSession,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isSessionExpiredError(error) || (error as { status?: number })?.status === 401) {
      session.clear();
      throw loginRedirect(request);
    }
    throw error;
  }
}
