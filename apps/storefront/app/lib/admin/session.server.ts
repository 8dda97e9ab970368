import { type AdminClient, createAdminClient, isApplicationError } from '@openshelf/sdk';
import { createCookie, data, redirect } from 'react-router';
import { type StorefrontContext, storefrontContext } from '../context';
import { ADMIN_COOKIE, isSecureSite } from '../cookies.server';

/*
 * The admin's staff session: the staff token from POST /admin-api/v1/auth/login lives in an httpOnly
 * cookie scoped to /admin with SameSite=Strict, so no script and no other site's form can use it. Form
 * posts must also come from this origin (checked on every action), which closes the remaining CSRF gap
 * (same-site subdomains, old browsers without SameSite).
 */

export const LOGIN_PATH = '/admin/login';

// Attributes from lib/cookies.server.ts (httpOnly, Strict, Path=/admin); Secure follows PUBLIC_URL.
const sessionCookie = createCookie(ADMIN_COOKIE.name, {
  path: ADMIN_COOKIE.path,
  httpOnly: true,
  sameSite: ADMIN_COOKIE.sameSite.toLowerCase() as 'strict' | 'lax',
});

interface Args {
  request: Request;
  /** The page's URL (the request's may be a `.data` request of client-side navigation). */
  url: URL;
  context: { get: (key: typeof storefrontContext) => StorefrontContext };
}

/** A client that calls the API in-process, with the given staff token (or none, for login). */
export function apiClient(context: Args['context'], staffToken?: string): AdminClient {
  const { apiFetch, publicUrl } = context.get(storefrontContext);
  return createAdminClient({ baseUrl: publicUrl, fetch: apiFetch, ...(staffToken ? { staffToken } : {}) });
}

export async function staffTokenOf(request: Request): Promise<string | undefined> {
  const value: unknown = await sessionCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function saveSession(token: string, maxAgeSeconds: number, publicUrl: string): Promise<string> {
  return sessionCookie.serialize(token, { maxAge: maxAgeSeconds, secure: isSecureSite(publicUrl) });
}

export function clearSession(publicUrl: string): Promise<string> {
  return sessionCookie.serialize('', { maxAge: 0, secure: isSecureSite(publicUrl) });
}

/** Where to send someone who is not signed in, remembering the page they wanted. */
export function loginRedirect(url: URL, setCookie?: string): Response {
  const returnTo = url.pathname + url.search;
  const target =
    returnTo.startsWith('/admin/dashboard') || returnTo.startsWith(LOGIN_PATH)
      ? LOGIN_PATH
      : `${LOGIN_PATH}?returnTo=${encodeURIComponent(returnTo)}`;
  return redirect(target, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}

/**
 * Refuses form posts from other origins (403). Browsers send `Origin` on every POST; a post without one
 * (and without a same-origin `Referer`) is refused too rather than trusted.
 */
export function assertSameOrigin(request: Request, publicUrl: string): void {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const allowed = new Set([new URL(request.url).origin, new URL(publicUrl).origin]);
  const origin = request.headers.get('Origin');
  const referer = request.headers.get('Referer');
  const claimed = origin && origin !== 'null' ? origin : referer ? safeOrigin(referer) : undefined;
  if (!claimed || !allowed.has(claimed)) {
    throw new Response('This form was sent from another site. Reload the admin page and submit it again.', {
      status: 403,
    });
  }
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Every admin loader and action starts here: checks the origin of posts, reads the staff cookie and
 * returns a client calling the API as that staff member. Without a session it redirects to the login.
 * Calls that the API refuses with 401 (session expired or signed out elsewhere) also go to the login:
 * wrap them with {@link run}.
 */
export async function requireStaff(args: Args) {
  const { publicUrl } = args.context.get(storefrontContext);
  assertSameOrigin(args.request, publicUrl);
  const token = await staffTokenOf(args.request);
  if (!token) throw loginRedirect(args.url);
  const client = apiClient(args.context, token);
  return {
    client,
    publicUrl,
    /** Runs API calls; a 401 means the session is gone, so clear the cookie and sign in again. */
    async run<T>(work: (client: AdminClient) => Promise<T>): Promise<T> {
      try {
        return await work(client);
      } catch (error) {
        if (isApplicationError(error) && error.status === 401) {
          throw loginRedirect(args.url, await clearSession(publicUrl));
        }
        // A product, order or webhook that does not exist (any more) is a page that does not exist; an
        // owner-only page opened by staff is a forbidden page.
        const status = isApplicationError(error) ? error.status : undefined;
        if (
          (status === 404 || status === 403) &&
          args.request.method === 'GET' &&
          isApplicationError(error)
        ) {
          throw data(error.description ?? error.message, { status });
        }
        throw error;
      }
    },
  };
}
