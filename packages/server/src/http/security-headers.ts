import type { IncomingMessage } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Security headers (docs/security.md, "Security headers"). Two kinds of reply:
//
// - Storefront and admin pages (React Router SSR): @fastify/helmet with a Content-Security-Policy that
//   carries a fresh nonce per request (plugins/storefront.ts registers it on the page route only).
// - Everything else (API JSON, cached API replies, media, built assets, health, /docs): one fixed set,
//   computed once at start and copied onto each reply. The API's cached product list is benchmarked
//   against bare Fastify, so no policy is built per API request.
//
// Pages that the server renders itself (OAuth consent and errors, the development mailbox, /docs) set
// their own Content-Security-Policy, which replaces the fixed one.

/** HSTS: 180 days, subdomains included; sent only when PUBLIC_URL is https (plain-http stores never). */
const HSTS_MAX_AGE_SECONDS = 15_552_000;

export function isHttpsStore(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === 'https:';
}

/**
 * The headers of every reply that is not a page, as [name, value] pairs.
 * - CSP `default-src 'none'`: a JSON body or an uploaded file (an SVG) opened directly renders nothing
 *   active; HTML routes of the API replace it with their own policy.
 * - Cross-Origin-Resource-Policy `cross-origin`: apps on other origins show product images and call the
 *   API (CORS decides who reads API replies; CORP must not block an `<img>` on an app's page).
 */
export function staticSecurityHeaders(publicUrl: string): ReadonlyArray<readonly [string, string]> {
  const headers: Array<[string, string]> = [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['cross-origin-resource-policy', 'cross-origin'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['x-permitted-cross-domain-policies', 'none'],
  ];
  if (isHttpsStore(publicUrl)) {
    headers.push(['strict-transport-security', `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`]);
  }
  return headers;
}

/**
 * Copies the fixed set onto every reply, first thing (onRequest). They go onto the raw response: a route
 * that sets one of them itself (the hosted hand-over's `no-referrer`, an HTML page's own CSP) wins, since
 * Fastify writes its own headers over the raw ones, and so does @fastify/helmet on the page route.
 */
export const securityHeadersPlugin = fp<{ publicUrl: string }>(
  async (app: FastifyInstance, options) => {
    const headers = staticSecurityHeaders(options.publicUrl);
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of headers) raw.setHeader(name, value);
      done();
    });
  },
  { name: 'openshelf-security-headers' },
);

export interface PageSecurityOptions {
  publicUrl: string;
  /**
   * The other origins this request's page may send a form to, space-separated (read per request by the
   * page route, see plugins/storefront.ts).
   */
  formTargets: (request: IncomingMessage) => string;
  /** Stripe's Payment Element on the hosted checkout: its script, its frames and its API (ADR 035). */
  stripe?: { scriptUrl: string; apiOrigin: string } | undefined;
}

/** The origins Stripe.js loads from, frames and calls (Stripe's documented CSP, or the configured fakes). */
function stripeSources(stripe: PageSecurityOptions['stripe']) {
  if (!stripe) return { script: [], frame: [], connect: [] };
  const scriptOrigin = new URL(stripe.scriptUrl).origin;
  const real = scriptOrigin === 'https://js.stripe.com';
  return {
    script: real ? [scriptOrigin, 'https://*.js.stripe.com'] : [scriptOrigin],
    frame: real ? [scriptOrigin, 'https://*.js.stripe.com', 'https://hooks.stripe.com'] : [scriptOrigin],
    connect: [stripe.apiOrigin],
  };
}

/**
 * @fastify/helmet's options for the SSR pages. The plugin adds `'nonce-…'` to script-src and style-src
 * per request (`reply.cspNonce`); the storefront passes the script nonce to React Router.
 */
export function pageHelmetOptions(options: PageSecurityOptions): Omit<FastifyHelmetOptions, 'global'> {
  const https = isHttpsStore(options.publicUrl);
  // Media URLs are absolute on PUBLIC_URL (domains/media), which may differ from the address a page was
  // opened at (a proxy, 127.0.0.1 against localhost).
  const mediaOrigin = new URL(options.publicUrl).origin;
  const stripe = stripeSources(options.stripe);
  return {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Built modules from this origin; React Router's inline bootstrap, hydration data and scroll
        // restoration carry the nonce. Nothing else inline runs, and no on* attributes.
        scriptSrc: ["'self'", ...stripe.script],
        scriptSrcAttr: ["'none'"],
        // Stylesheets are built files; no page has a <style> element (it would need the nonce). React's
        // `style={…}` attributes (a colour swatch's colour comes from product data) are style attributes,
        // which no nonce can cover: style-src-attr allows them, and only them. A style attribute cannot
        // run script.
        styleSrc: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        // Product images may live anywhere a merchant's catalog points (the product contract takes any
        // https URL); an image cannot run script. The QR code of the authenticator set-up is a data URL.
        imgSrc: ["'self'", mediaOrigin, 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", mediaOrigin, 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe.connect],
        ...(stripe.frame.length > 0 ? { frameSrc: stripe.frame } : {}),
        // Chromium checks form-action on every redirect that follows a form post, and a hosted page's
        // form ends on an app's origin (login → callback → the app's redirect_uri; preferences → the
        // app's postFlowUrl) when the post is a plain one (no JavaScript, or reloadDocument forms).
        // Those origins are the registered OAuth clients'; the server sends a browser nowhere else.
        formAction: ["'self'", options.formTargets],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The hosted login may run in an app's popup (response_mode=web_message posts to window.opener): a
    // same-origin opener policy would cut that link.
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https
      ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: false }
      : false,
    xFrameOptions: { action: 'deny' },
  };
}
