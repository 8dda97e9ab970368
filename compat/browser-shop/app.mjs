// The browser side of compat/browser-shop: every call to the store is made here, in the page, with the
// public @wix/* packages unchanged, as Wix's headless templates make them. Tokens live in this app's own
// cookie (`bs_tokens`); the store's cookies never reach this origin.
import { currentCart } from '@wix/ecom';
import { members } from '@wix/members';
import { orders, plans } from '@wix/pricing-plans';
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { products } from '@wix/stores';

const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';
const STORE = meta('wix-api-base');
const CLIENT_ID = meta('client-id');
/** The two ids the platform's clients send for the Stores catalog. */
const CATALOG_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const STORES_APP_ID = '1380b703-ce81-ff05-f115-39571d94dfcd';

// Point the SDK at the store (docs/third-party-apps.md §2).
const WIX_API = /^https:\/\/(www|edge)\.wixapis\.com(?=\/|$)/;
const realFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const target = url.replace(WIX_API, STORE);
  return typeof input === 'string' || input instanceof URL
    ? realFetch(target, init)
    : realFetch(new Request(target, input), init);
};

const COOKIE = 'bs_tokens';
function readTokens() {
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(`${COOKIE}=`));
  return entry ? JSON.parse(decodeURIComponent(entry.slice(COOKIE.length + 1))) : undefined;
}
const writeTokens = (tokens) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not there on plain http origins, where this app runs in the tests
  document.cookie = `${COOKIE}=${encodeURIComponent(JSON.stringify(tokens))}; path=/; SameSite=Lax`;
};
const clearTokens = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: as above
  document.cookie = `${COOKIE}=; path=/; max-age=0`;
};

const wix = createClient({
  modules: { products, currentCart, redirects, members, plans, orders },
  auth: OAuthStrategy({ clientId: CLIENT_ID, tokens: readTokens() }),
});

const main = document.getElementById('main');
const who = document.getElementById('who');
const esc = (text) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
const show = (html) => {
  main.innerHTML = html;
};
const origin = window.location.origin;

async function cartOrNull() {
  try {
    return await wix.currentCart.getCurrentCart();
  } catch (error) {
    if (error?.details?.applicationError?.code === 'OWNED_CART_NOT_FOUND') return null;
    throw error;
  }
}

async function header() {
  if (!wix.auth.loggedIn()) {
    who.innerHTML = '<a href="/login">Log in</a>';
    return;
  }
  const { member } = await wix.members.getCurrentMember({ fieldsets: [members.Set.FULL] });
  const name = member?.profile?.nickname || member?.contact?.firstName || 'member';
  who.innerHTML = `<span>Signed in as <b>${esc(name)}</b></span> <a href="/my-plans">My plans</a> <button id="logout">Log out</button>`;
  document.getElementById('logout').onclick = async () => {
    const { logoutUrl } = await wix.auth.logout(`${origin}/`);
    clearTokens();
    window.location.href = logoutUrl;
  };
}

const pages = {
  async '/'() {
    const { items } = await wix.products.queryProducts().limit(100).find();
    const simple = items.filter(
      (product) => !product.manageVariants && !(product.productOptions ?? []).length,
    );
    show(
      `<h1>Products</h1><ul>${simple
        .map(
          (product) =>
            `<li aria-label="${esc(product.name)}"><h2>${esc(product.name)}</h2> <span>${esc(product.priceData?.formatted?.price)}</span>
            <button data-add="${esc(product._id)}" data-app="${CATALOG_APP_ID}">Add with the catalog id</button>
            <button data-add="${esc(product._id)}" data-app="${STORES_APP_ID}">Add with the Stores app id</button></li>`,
        )
        .join('')}</ul>`,
    );
    for (const button of main.querySelectorAll('button[data-add]')) {
      button.onclick = async () => {
        await wix.currentCart.addToCurrentCart({
          lineItems: [
            {
              catalogReference: { appId: button.dataset.app, catalogItemId: button.dataset.add },
              quantity: 1,
            },
          ],
        });
        window.location.href = '/cart';
      };
    }
  },

  async '/cart'() {
    const cart = await cartOrNull();
    const lines = cart?.lineItems ?? [];
    if (lines.length === 0) return show('<h1>Cart</h1><p>Your cart is empty.</p>');
    show(
      `<h1>Cart</h1><ul>${lines
        .map(
          (line) =>
            `<li aria-label="${esc(line.productName?.original)}"><b>${esc(line.productName?.original)}</b>
            <span>app id ${esc(line.catalogReference?.appId)}</span>
            <label>Quantity of ${esc(line.productName?.original)} <input type="number" min="1" value="${line.quantity}" data-qty="${esc(line._id)}"></label>
            <button data-update="${esc(line._id)}">Update</button> <button data-remove="${esc(line._id)}">Remove</button></li>`,
        )
        .join('')}</ul><p>Subtotal ${esc(cart.subtotal?.formattedAmount)}</p>
        <button id="clear">Clear cart</button> <button id="checkout">Checkout</button>`,
    );
    for (const button of main.querySelectorAll('button[data-update]')) {
      button.onclick = async () => {
        const quantity = Number(main.querySelector(`input[data-qty="${button.dataset.update}"]`).value);
        await wix.currentCart.updateCurrentCartLineItemQuantity([{ _id: button.dataset.update, quantity }]);
        await pages['/cart']();
      };
    }
    for (const button of main.querySelectorAll('button[data-remove]')) {
      button.onclick = async () => {
        await wix.currentCart.removeLineItemsFromCurrentCart([button.dataset.remove]);
        await pages['/cart']();
      };
    }
    document.getElementById('clear').onclick = async () => {
      await wix.currentCart.deleteCurrentCart();
      await pages['/cart']();
    };
    document.getElementById('checkout').onclick = async () => {
      const { checkoutId } = await wix.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
      const { redirectSession } = await wix.redirects.createRedirectSession({
        ecomCheckout: { checkoutId },
        callbacks: {
          postFlowUrl: `${origin}/`,
          thankYouPageUrl: `${origin}/thank-you`,
          cartPageUrl: `${origin}/cart`,
        },
      });
      window.location.href = redirectSession.fullUrl;
    };
  },

  async '/thank-you'() {
    const params = new URLSearchParams(window.location.search);
    show(`<h1>Thank you</h1><p>Order <output>${esc(params.get('orderId'))}</output></p>`);
  },

  async '/login'() {
    const oauthData = wix.auth.generateOAuthData(`${origin}/callback`, `${origin}/`);
    localStorage.setItem('oauthData', JSON.stringify(oauthData));
    const { authUrl } = await wix.auth.getAuthUrl(oauthData);
    window.location.href = authUrl;
  },

  async '/callback'() {
    const oauthData = JSON.parse(localStorage.getItem('oauthData') ?? '{}');
    const { code, state, error, errorDescription } = wix.auth.parseFromUrl();
    if (error) return show(`<h1>Not signed in</h1><p>${esc(errorDescription ?? error)}</p>`);
    const tokens = await wix.auth.getMemberTokens(code, state, oauthData);
    writeTokens(tokens);
    localStorage.removeItem('oauthData');
    window.location.href = oauthData.originalUri || '/';
  },

  async '/plans'() {
    const { items } = await wix.plans.queryPublicPlans().find();
    show(
      `<h1>Plans</h1><ul>${items
        .map(
          (plan) =>
            `<li aria-label="${esc(plan.name)}"><h2>${esc(plan.name)}</h2> <span>${esc(plan.pricing?.price?.value)} ${esc(plan.pricing?.price?.currency)}</span>
            <button data-plan="${esc(plan._id)}">Buy ${esc(plan.name)}</button></li>`,
        )
        .join('')}</ul>`,
    );
    for (const button of main.querySelectorAll('button[data-plan]')) {
      button.onclick = async () => {
        const { redirectSession } = await wix.redirects.createRedirectSession({
          paidPlansCheckout: { planId: button.dataset.plan },
          callbacks: { postFlowUrl: `${origin}/plans`, thankYouPageUrl: `${origin}/my-plans` },
        });
        window.location.href = redirectSession.fullUrl;
      };
    }
  },

  async '/my-plans'() {
    const { orders: planOrders = [] } = await wix.orders.memberListOrders();
    show(
      `<h1>My plans</h1><ul>${planOrders
        .map(
          (order) =>
            `<li aria-label="${esc(order.planName)}">${esc(order.planName)}: ${esc(order.status)}</li>`,
        )
        .join('')}</ul>`,
    );
  },
};

async function run() {
  try {
    if (!readTokens()) writeTokens(await wix.auth.generateVisitorTokens());
    const page = pages[window.location.pathname];
    if (!page) return show('<h1>Not found</h1>');
    if (window.location.pathname !== '/callback' && window.location.pathname !== '/login') await header();
    await page();
    // The SDK renews the access token as needed: keep what it holds.
    if (window.location.pathname !== '/callback') writeTokens(wix.auth.getTokens());
    document.body.dataset.ready = 'true';
  } catch (error) {
    show(`<h1>Something went wrong</h1><pre role="alert">${esc(error?.message ?? error)}</pre>`);
    document.body.dataset.ready = 'error';
  }
}
run();
