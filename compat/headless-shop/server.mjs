// Headless Shop: a small storefront written the way third parties write them against the public Wix
// headless SDK (@wix/sdk, @wix/stores, @wix/ecom, @wix/redirects), unchanged, pointed at an Openshelf
// server. Server-rendered HTML on node:http; forms post, no client JavaScript.
//
//   PORT=4000 WIX_API_BASE=http://127.0.0.1:3000 CLIENT_ID=<oauth client id> \
//   APP_ORIGIN=http://localhost:4000 node compat/headless-shop/server.mjs

import { createServer } from 'node:http';
import { checkout, currentCart, orders, recommendations } from '@wix/ecom';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { products } from '@wix/stores';
import {
  cartPage,
  crashPage,
  layout,
  notFoundPage,
  planThankYouPage,
  preferencesPage,
  productListPage,
  productPage,
  thankYouPage,
} from './pages.mjs';

const PORT = Number(process.env.PORT ?? 4000);
const WIX_API_BASE = requiredEnv('WIX_API_BASE').replace(/\/$/, '');
const CLIENT_ID = requiredEnv('CLIENT_ID');
const APP_ORIGIN = (process.env.APP_ORIGIN ?? `http://localhost:${PORT}`).replace(/\/$/, '');
/** Wix Stores' app id: catalog references to store products carry it. */
const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

// Point the SDK at the store: every call to https://(www|edge).wixapis.com goes to WIX_API_BASE instead
// (wire-protocol.md §1.3; the SDK reads the global fetch at call time).
const WIX_API = /^https:\/\/(www|edge)\.wixapis\.com(?=\/|$)/;
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const target = url.replace(WIX_API, WIX_API_BASE);
  return typeof input === 'string' || input instanceof URL
    ? realFetch(target, init)
    : realFetch(new Request(target, input), init);
};

const modules = { products, currentCart, checkout, orders, recommendations, redirects };

function requiredEnv(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`headless-shop: set ${name}`);
    process.exit(1);
  }
  return value;
}

// ---- cookies: the app keeps the shopper's tokens in its own cookie, `session` ----

function readCookies(header = '') {
  const out = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim());
  }
  return out;
}

function readJson(text) {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function cookie(name, value, maxAge) {
  const secure = APP_ORIGIN.startsWith('https:') ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/**
 * One request: a NEW SDK client with the tokens from the cookie (visitor tokens are minted when there
 * are none), and the response helpers that write the cookie back when the tokens changed.
 */
async function requestContext(req, res) {
  const cookies = readCookies(req.headers.cookie);
  let tokens = readJson(cookies.session);
  if (!tokens?.refreshToken?.value) {
    tokens = await createClient({
      auth: OAuthStrategy({ clientId: CLIENT_ID }),
    }).auth.generateVisitorTokens();
  }
  const wix = createClient({ modules, auth: OAuthStrategy({ clientId: CLIENT_ID, tokens }) });
  const setCookies = [];
  let endSession = false;
  const finish = (status, headers, body) => {
    if (endSession) setCookies.push(cookie('session', '', 0));
    else {
      const now = JSON.stringify(wix.auth.getTokens());
      if (now !== cookies.session) setCookies.push(cookie('session', now, 90 * 24 * 3600));
    }
    res.writeHead(status, { ...headers, 'set-cookie': setCookies, 'cache-control': 'no-store' });
    res.end(body);
  };
  return {
    wix,
    cookies,
    setCookie: (name, value, maxAge) => setCookies.push(cookie(name, value, maxAge)),
    endSession: () => {
      endSession = true;
    },
    html: (status, body) => finish(status, { 'content-type': 'text/html; charset=utf-8' }, body),
    redirect: (location) => finish(302, { location }, ''),
  };
}

// ---- data the pages share ----

/** The shopper's cart, or null when they have none yet (the store answers OWNED_CART_NOT_FOUND). */
async function currentCartOrNull(wix) {
  try {
    return await wix.currentCart.getCurrentCart();
  } catch (error) {
    if (error?.details?.applicationError?.code === 'OWNED_CART_NOT_FOUND') return null;
    throw error;
  }
}

async function page(ctx, title, body, { status = 200, cart } = {}) {
  const current = cart === undefined ? await currentCartOrNull(ctx.wix) : cart;
  const cartCount = (current?.lineItems ?? []).reduce((sum, line) => sum + (line.quantity ?? 0), 0);
  ctx.html(status, layout({ title, body, cartCount, loggedIn: ctx.wix.auth.loggedIn() }));
}

async function readForm(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return Object.fromEntries(new URLSearchParams(text));
}

async function productBySlug(wix, slug) {
  const { items } = await wix.products.queryProducts().eq('slug', slug).limit(1).find();
  return items[0];
}

/** Recommendations are a module this store may not offer: a JSON 404 means "none". */
async function recommendedFor(wix, cart) {
  if (!cart?.lineItems?.length) return [];
  try {
    const { recommendation } = await wix.recommendations.getRecommendation(
      [{ _id: '68ebce04-b96a-4c52-9329-08fc9d8c1253', appId: STORES_APP_ID }],
      { items: cart.lineItems.map((line) => line.catalogReference), minimumRecommendedItems: 1 },
    );
    return recommendation?.items ?? [];
  } catch (error) {
    if (
      error?.details?.applicationError &&
      Number(error.status ?? error.details.applicationError.code) === 404
    ) {
      return [];
    }
    throw error;
  }
}

// ---- routes ----

const routes = {
  'GET /': async (ctx) => {
    const { items } = await ctx.wix.products.queryProducts().limit(24).find();
    await page(ctx, 'Products', productListPage(items));
  },

  'GET /product/:slug': async (ctx, { slug }) => {
    const product = await productBySlug(ctx.wix, slug);
    if (!product) return page(ctx, 'Not found', notFoundPage(), { status: 404 });
    await page(ctx, product.name, productPage(product));
  },

  'POST /cart/add': async (ctx, _params, req) => {
    const form = await readForm(req);
    const { product } = await ctx.wix.products.getProduct(form.productId);
    const selected = {};
    for (const option of product.productOptions ?? []) selected[option.name] = form[`option:${option.name}`];
    // Products whose variants are managed are added by variant id, as the real templates do.
    const variant = product.manageVariants
      ? product.variants?.find((v) =>
          Object.entries(selected).every(([name, value]) => v.choices?.[name] === value),
        )
      : undefined;
    await ctx.wix.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            appId: STORES_APP_ID,
            catalogItemId: product._id,
            options: variant ? { variantId: variant._id } : { options: selected },
          },
          quantity: Math.max(1, Number(form.quantity) || 1),
        },
      ],
    });
    ctx.redirect('/cart');
  },

  'GET /cart': async (ctx) => {
    const cart = await currentCartOrNull(ctx.wix);
    const recommended = await recommendedFor(ctx.wix, cart);
    await page(ctx, 'Cart', cartPage(cart, recommended), { cart });
  },

  'POST /cart/update': async (ctx, _params, req) => {
    const form = await readForm(req);
    await ctx.wix.currentCart.updateCurrentCartLineItemQuantity([
      { _id: form.lineItemId, quantity: Number(form.quantity) },
    ]);
    ctx.redirect('/cart');
  },

  'POST /cart/remove': async (ctx, _params, req) => {
    const form = await readForm(req);
    await ctx.wix.currentCart.removeLineItemsFromCurrentCart([form.lineItemId]);
    ctx.redirect('/cart');
  },

  'POST /checkout': async (ctx) => {
    const { checkoutId } = await ctx.wix.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    const { redirectSession } = await ctx.wix.redirects.createRedirectSession({
      ecomCheckout: { checkoutId },
      callbacks: {
        postFlowUrl: `${APP_ORIGIN}/`,
        thankYouPageUrl: `${APP_ORIGIN}/thank-you`,
        cartPageUrl: `${APP_ORIGIN}/cart`,
      },
    });
    ctx.redirect(redirectSession.fullUrl);
  },

  'GET /thank-you': async (ctx, _params, _req, url) => {
    const orderId = url.searchParams.get('orderId') ?? '';
    let order;
    try {
      order = orderId ? await ctx.wix.orders.getOrder(orderId) : undefined;
    } catch (error) {
      // A store that does not let the buyer read the order: thank them with the id alone.
      console.error(`headless-shop: getOrder(${orderId}) failed: ${error?.status ?? ''} ${error?.message}`);
    }
    await page(ctx, 'Thank you', thankYouPage(orderId, order));
  },

  // Paid plans: the store's hosted plan checkout, as the Wix templates open it (planId in the query).
  'GET /plans/checkout': async (ctx, _params, _req, url) => {
    const { redirectSession } = await ctx.wix.redirects.createRedirectSession({
      paidPlansCheckout: { planId: url.searchParams.get('planId') ?? '' },
      callbacks: {
        postFlowUrl: `${APP_ORIGIN}/`,
        planListUrl: `${APP_ORIGIN}/`,
        thankYouPageUrl: `${APP_ORIGIN}/plan-thank-you`,
      },
    });
    ctx.redirect(redirectSession.fullUrl);
  },

  'GET /plan-thank-you': async (ctx, _params, _req, url) => {
    const planOrderId = url.searchParams.get('planOrderId') ?? '';
    const order = planOrderId ? await ctx.wix.orders.getOrder(planOrderId).catch(() => undefined) : undefined;
    await page(ctx, 'Welcome', planThankYouPage(planOrderId, order));
  },

  // Communication preferences: set on the store's hosted page (a redirect session naming no intent but
  // `preferences`), read back over the API with the app's own tokens (no @wix module covers it).
  'GET /preferences/edit': async (ctx) => {
    const { redirectSession } = await ctx.wix.redirects.createRedirectSession({
      preferences: {},
      callbacks: { postFlowUrl: `${APP_ORIGIN}/preferences` },
    });
    ctx.redirect(redirectSession.fullUrl);
  },

  'GET /preferences': async (ctx) => {
    const reply = await ctx.wix.fetchWithAuth(
      'https://www.wixapis.com/_api/preferences/v1/preferences/current',
    );
    if (!reply.ok) throw new Error(`preferences: ${reply.status} ${await reply.text()}`);
    const { preferences } = await reply.json();
    await page(ctx, 'Preferences', preferencesPage(preferences));
  },

  'GET /login': async (ctx) => {
    const oauthData = ctx.wix.auth.generateOAuthData(`${APP_ORIGIN}/callback`, `${APP_ORIGIN}/`);
    ctx.setCookie('oauth', JSON.stringify(oauthData), 15 * 60);
    const { authUrl } = await ctx.wix.auth.getAuthUrl(oauthData, { responseMode: 'query' });
    ctx.redirect(authUrl);
  },

  'GET /callback': async (ctx, _params, _req, url) => {
    const oauthData = readJson(ctx.cookies.oauth);
    const { code, state, error, errorDescription } = ctx.wix.auth.parseFromUrl(url.href, 'query');
    if (error || !oauthData)
      throw new Error(`login failed: ${error ?? 'no login in progress'} ${errorDescription ?? ''}`);
    ctx.wix.auth.setTokens(await ctx.wix.auth.getMemberTokens(code, state, oauthData));
    ctx.setCookie('oauth', '', 0);
    ctx.redirect(oauthData.originalUri || '/');
  },

  'POST /logout': async (ctx) => {
    const { logoutUrl } = await ctx.wix.auth.logout(`${APP_ORIGIN}/`);
    ctx.endSession();
    ctx.redirect(logoutUrl);
  },
};

/** The handler for a request, and the slug of /product/<slug>. */
function route(method, pathname) {
  const product = /^\/product\/([^/]+)$/.exec(pathname);
  if (method === 'GET' && product) {
    return { handler: routes['GET /product/:slug'], params: { slug: decodeURIComponent(product[1]) } };
  }
  const handler = routes[`${method} ${pathname}`];
  return handler ? { handler, params: {} } : undefined;
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', APP_ORIGIN);
  try {
    const ctx = await requestContext(req, res);
    const found = route(req.method ?? 'GET', url.pathname);
    if (!found) return await page(ctx, 'Not found', notFoundPage(), { status: 404 });
    await found.handler(ctx, found.params, req, url);
  } catch (error) {
    console.error(`headless-shop: ${req.method} ${url.pathname} failed:`, error);
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
      res.end(crashPage(error));
    }
  }
});

server.listen(PORT, '127.0.0.1', () => {
  console.log(`headless-shop listening on ${APP_ORIGIN} (port ${PORT}), store API at ${WIX_API_BASE}`);
});
