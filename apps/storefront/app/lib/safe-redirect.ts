// Where a page may send the browser after a flow (sign-in, sign-up, the admin login, a hosted link), when
// the place comes from the request (`?returnTo=`, a form field, a cookie, the URL itself). A prefix check
// on the raw text is not enough: browsers drop tabs and line breaks anywhere in a URL, strip leading and
// trailing spaces and control characters, and read `\` as `/`, so `/<TAB>/evil.example` passed a
// "starts with / but not //" check and still left the store. The only reliable judge of what a browser
// will do with a location is the parser it uses: the WHATWG URL parser, which Node implements too.

/** Longer values are not places on this store anyone links to; they are refused before parsing. */
export const MAX_REDIRECT_LENGTH = 2048;

export interface RedirectRule {
  /** Where to go when the value is missing, too long, or not a place on this store. */
  fallback: string;
  /** A further limit on the normalised path, e.g. "admin pages only". */
  allow?: (pathname: string) => boolean;
}

/**
 * The place on this store that `value` names, as the browser would resolve it against the store's own
 * origin: its path, query and fragment, re-serialised from the parsed URL (never the raw input), or
 * `rule.fallback` when the value leaves the store's origin or breaks the rule.
 */
export function safeRedirect(value: unknown, storeUrl: string, rule: RedirectRule): string {
  const target = sameOriginTarget(value, storeUrl);
  if (target === undefined || (rule.allow && !rule.allow(target.pathname))) return rule.fallback;
  return target.location;
}

function sameOriginTarget(
  value: unknown,
  storeUrl: string,
): { pathname: string; location: string } | undefined {
  if (typeof value !== 'string' || value === '' || value.length > MAX_REDIRECT_LENGTH) return undefined;
  const { origin } = new URL(storeUrl);
  let parsed: URL;
  try {
    parsed = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (parsed.origin !== origin) return undefined;
  const location = parsed.pathname + parsed.search + parsed.hash;
  // The result is written into a Location header (or navigated to by the router) and parsed once more,
  // now relative to the page. A path can come out of the parser beginning with `//` (`/.//evil.example`
  // normalises to `//evil.example`), which the second parse reads as another host: refuse any location
  // that does not parse back to itself on this origin.
  const again = new URL(location, origin);
  if (again.origin !== origin || again.pathname + again.search + again.hash !== location) return undefined;
  return { pathname: parsed.pathname, location };
}
