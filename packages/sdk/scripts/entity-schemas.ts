// Which server contracts become which SDK types. Names here are the SDK's public type names: keep them.

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import * as cart from '../../server/src/domains/cart/cart.contract.js';
import { CollectionOut } from '../../server/src/domains/catalog/collections/collections.contract.js';
import * as queries from '../../server/src/domains/catalog/listing/queries.contract.js';
import * as product from '../../server/src/domains/catalog/products/products.contract.js';
import * as variants from '../../server/src/domains/catalog/variants/variants.contract.js';
import * as checkout from '../../server/src/domains/checkout/checkout.contract.js';
import {
  CaptchaSettingsOut,
  IdentityOut,
  ProfileIn,
} from '../../server/src/domains/identity/identity.contract.js';
import * as fulfillments from '../../server/src/domains/orders/fulfillments/fulfillments.contract.js';
import * as orders from '../../server/src/domains/orders/orders.contract.js';
import * as createOrder from '../../server/src/domains/orders/placing/create-order.contract.js';
import * as refunds from '../../server/src/domains/orders/refunds/refunds.contract.js';
import { SubscriptionOut } from '../../server/src/domains/orders/subscriptions/subscriptions.contract.js';
import * as payments from '../../server/src/domains/payments/payments.contract.js';
import * as plans from '../../server/src/domains/plans/plans.contract.js';
import * as preferences from '../../server/src/domains/preferences/preferences.contract.js';
import * as common from '../../server/src/domains/pricing/wire/common.contract.js';
import { CheckoutLineItemOut } from '../../server/src/domains/pricing/wire/lines.mapper.js';
import * as totals from '../../server/src/domains/pricing/wire/totals.contract.js';
import * as redirects from '../../server/src/domains/redirects/redirects.contract.js';
import { DateTimeOut } from '../../server/src/lib/http/wire.js';
import { ADMIN_ENTITY_MODULES } from './admin-entity-schemas.js';
import { type EntityModule, input, out, renderModules } from './schema-to-ts.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const { properties: search } = queries.SearchProductsResponse;

// Spec §3: entities carry `updatedDate`. The catalog wire (the public protocol) names it `lastUpdated`; the
// SDK keeps that and adds `updatedDate`, the same moment (set by the products and collections modules).
const withUpdatedDate = <T extends { properties: object; required?: string[] }>(schema: T): T => ({
  ...schema,
  properties: {
    ...schema.properties,
    updatedDate: DateTimeOut({ description: 'SDK: the same moment as `lastUpdated` (spec §3 naming)' }),
  },
  required: [...(schema.required ?? []), 'updatedDate'],
});

/** The SDK's entity modules: which server contracts become which SDK types, by use case. */
export const ENTITY_MODULES: readonly EntityModule[] = [
  {
    name: 'common',
    doc: 'Shapes every flow shares: money, addresses, line parts, and the lines a request adds.',
    entities: [
      out(
        'Money',
        common.MoneyOut,
        'A money amount: decimal strings in major units, plus their formatted forms.',
      ),
      out('Address', common.AddressOut, 'A postal address.'),
      out(
        'AddressWithContact',
        common.AddressWithContactOut,
        'An address with the contact details of a person.',
      ),
      out('Image', common.ImageOut, 'An image of a line item.'),
      out(
        'DescriptionLine',
        common.DescriptionLineOut,
        'A line describing a chosen option (plain text or a colour).',
      ),
      out(
        'SubscriptionOptionInfo',
        common.SubscriptionOptionInfoOut,
        'The subscription plan a line is bought on.',
      ),
      out('Violation', common.ViolationOut, 'A problem that blocks or warns about a checkout.'),
      input('AddressInput', common.AddressIn, 'A postal address in a request.'),
      input('ContactDetailsInput', common.ContactDetailsIn, 'Contact details in a request.'),
      input(
        'AddressWithContactInput',
        common.AddressWithContactIn,
        'An address with contact details in a request.',
      ),
      input(
        'CatalogReference',
        common.CatalogReferenceIn,
        'What a line buys: a product, with `options.variantId` or `options.options`.',
      ),
      input('LineItemInput', common.LineItemIn, 'A catalog line to add.'),
      input('CustomLineItemInput', common.CustomLineItemIn, 'A custom line (merchant keys only).'),
      input('LineItemQuantity', common.LineItemQuantityIn, 'A new quantity for a line.'),
    ],
  },
  {
    name: 'totals',
    doc: 'A totals calculation: summaries, taxes, discounts, shipping, memberships, gift cards, fees.',
    entities: [
      out('PriceSummary', totals.PriceSummaryOut, 'Totals of a cart estimate, checkout or order.'),
      out('TaxDetails', totals.TaxDetailsOut, 'Tax of a line or of shipping.'),
      out(
        'PricesBreakdown',
        totals.PricesBreakdownOut,
        'The prices of one line after the totals calculation.',
      ),
      out(
        'CalculatedLineItem',
        totals.CalculatedLineItemOut,
        'One line as the totals calculation priced it.',
      ),
      out('AppliedDiscount', totals.AppliedDiscountOut, 'A coupon or merchant discount that applies.'),
      out('ShippingOption', totals.ShippingOptionOut, 'A shipping or pickup option the buyer can choose.'),
      out(
        'SelectedCarrierServiceOption',
        totals.SelectedCarrierServiceOptionOut,
        'The chosen shipping option.',
      ),
      out('ShippingInfo', totals.ShippingInfoOut, 'Shipping options and the chosen one.'),
      out('TaxSummary', totals.TaxSummaryOut, 'Tax totals and how they were calculated.'),
      out(
        'CalculationErrors',
        totals.CalculationErrorsOut,
        'Why part of a totals calculation could not be done.',
      ),
      out('MembershipOptions', totals.MembershipOptionsOut, 'Memberships that can pay for lines.'),
      out('AppliedGiftCard', totals.GiftCardOut, 'A gift card applied to a checkout (its code obfuscated).'),
      out('AdditionalFee', totals.AdditionalFeeOut, 'A handling fee, insurance or other extra charge.'),
      input(
        'SelectedShippingOptionInput',
        common.SelectedShippingOptionIn,
        'A shipping option chosen by code.',
      ),
      input('SelectedMembershipsInput', common.SelectedMembershipsIn, 'Memberships chosen to pay for lines.'),
    ],
  },
  {
    name: 'products',
    doc: 'Products: prices, media, options, variants and stock.',
    entities: [
      out('PriceData', product.PriceDataOut, 'A price with its discounted form, in major units.'),
      out('CostAndProfit', product.CostAndProfitOut, 'Cost and profit (merchants only).'),
      out('MediaItem', product.MediaItemOut, 'An image, video or file of a product or collection.'),
      out('Media', product.MediaOut, 'Main media and all media items.'),
      out('ProductOption', product.ProductOptionOut, 'An option (e.g. Size) with its choices.'),
      out('VariantStock', product.VariantStockOut, 'Stock of one variant.'),
      out('Variant', product.VariantOut, 'One combination of option choices.', 'VARIANT_WIRE'),
      out('Product', withUpdatedDate(product.ProductOut), 'A catalog product.', 'PRODUCT_WIRE'),
    ],
  },
  {
    name: 'catalog',
    doc: 'Collections, variant queries, option availability and search.',
    entities: [
      out('Collection', withUpdatedDate(CollectionOut), 'A catalog collection.', 'COLLECTION_WIRE'),
      out(
        'OptionsAvailability',
        variants.OptionsAvailabilityResponse,
        'Which choices can still be bought.',
        'OPTIONS_AVAILABILITY_WIRE',
      ),
      out(
        'ProductVariants',
        variants.QueryProductVariantsResponse,
        'Variants of one product, one page.',
        'PRODUCT_VARIANTS_WIRE',
      ),
      out(
        'StoreVariant',
        variants.StoreVariantOut,
        'A variant across the store (with its product).',
        'STORE_VARIANT_WIRE',
      ),
      out(
        'SearchFacets',
        search.facets,
        'Counts over every search match (not just the page).',
        'SEARCH_FACETS_WIRE',
      ),
      input(
        'SearchProductsOptions',
        queries.SearchProductsRequest,
        'A full-text product search with facets.',
      ),
      input(
        'QueryProductVariantsOptions',
        variants.QueryProductVariantsRequest,
        'Which variants of a product to list.',
      ),
    ],
  },
  {
    name: 'cart',
    doc: 'The current cart and what changes it.',
    entities: [
      out('CartLineItem', cart.CartOut.properties.lineItems.items, 'A line of a cart.'),
      out('Cart', cart.CartOut, 'A shopping cart.', 'CART_WIRE'),
      out(
        'CartEstimate',
        cart.EstimateTotalsResponse,
        'A cart with its estimated totals.',
        'CART_ESTIMATE_WIRE',
      ),
      input('AddToCartOptions', cart.AddToCartRequest, 'Lines to add to the current cart.'),
      input('UpdateCartOptions', cart.UpdateCartRequest, 'Changes to the current cart.'),
      input('EstimateTotalsOptions', cart.EstimateTotalsRequest, 'What to estimate the current cart with.'),
      input(
        'CreateCheckoutFromCartOptions',
        cart.CreateCheckoutFromCartRequest,
        'How to start a checkout from the cart.',
      ),
    ],
  },
  {
    name: 'checkout',
    doc: 'Checkouts and what changes them.',
    entities: [
      out('CheckoutLineItem', CheckoutLineItemOut, 'A line of a checkout, with its share of the totals.'),
      out('Checkout', checkout.CheckoutOut, 'A checkout.', 'CHECKOUT_WIRE'),
      input('CheckoutInfo', checkout.CheckoutInfoIn, 'The settable parts of a checkout.'),
      input('CreateCheckoutOptions', checkout.CreateCheckoutRequest, 'A new checkout.'),
      input('UpdateCheckoutRequest', checkout.UpdateCheckoutRequest, 'The body of a checkout update.'),
      out(
        'SelectedPaymentMethod',
        payments.SelectPaymentMethodResponse.properties.paymentMethod,
        'How a checkout will be paid (a new card is already tokenized; only its brand and last digits show).',
      ),
    ],
  },
  {
    name: 'orders',
    doc: 'Orders, subscriptions and how they are paid.',
    entities: [
      out('CreateOrderResult', createOrder.CreateOrderResponse, 'The order a checkout became.'),
      out(
        'OrderLineItem',
        orders.OrderLineOut,
        'A line of an order (with download links for paid digital lines).',
      ),
      out('Order', orders.OrderOut, 'An order.', 'ORDER_WIRE'),
      out('Subscription', SubscriptionOut, "A buyer's subscription to a plan.", 'SUBSCRIPTION_WIRE'),
      out(
        'Fulfillment',
        fulfillments.FulfillmentOut,
        'A shipment of order lines, with its tracking.',
        'FULFILLMENT_WIRE',
      ),
      out(
        'OrderTransactions',
        refunds.OrderTransactionsOut,
        "An order's payments, refunds and what is left to refund.",
        'ORDER_TRANSACTIONS_WIRE',
      ),
      input(
        'RefundPaymentsRequest',
        refunds.RefundPaymentsRequest,
        'A refund: lines, shipping or an amount, restocking.',
      ),
      input('CreateFulfillmentRequest', fulfillments.CreateFulfillmentRequest, 'A shipment to create.'),
      input(
        'UpdateFulfillmentRequest',
        fulfillments.UpdateFulfillmentRequest,
        "A shipment's new lines or tracking.",
      ),
      out(
        'SavedPaymentMethod',
        payments.SavedPaymentMethodOut,
        "A member's saved card (never the token).",
        'SAVED_PAYMENT_METHOD_WIRE',
      ),
      input('CreateOrderOptions', createOrder.CreateOrderRequest, 'How to pay for the order.'),
      input(
        'PaymentMethodInput',
        payments.PaymentMethodIn,
        'How to pay: offline, a card, or a saved method.',
      ),
    ],
  },
  {
    name: 'plans',
    doc: 'Paid plans on sale, buying one, memberships, and communication preferences.',
    entities: [
      out('Plan', plans.PublicPlanOut, 'A plan on sale: its price and what it includes.', 'PLAN_WIRE'),
      out('PlanPurchase', plans.PurchasePlanResponse, 'The order a plan purchase became.'),
      out(
        'PlanMembership',
        plans.MyMembershipOut,
        "One of the member's memberships.",
        'PLAN_MEMBERSHIP_WIRE',
      ),
      out(
        'Preferences',
        preferences.PreferencesOut,
        "A shopper's marketing e-mail opt-in and cookie consent.",
        'PREFERENCES_WIRE',
      ),
      input('PurchasePlanOptions', plans.PurchasePlanRequest, 'How to pay for a plan.'),
      input(
        'PreferencesInput',
        preferences.UpdatePreferencesRequest.properties.preferences,
        'Choices to change (leave out what stays).',
      ),
    ],
  },
  {
    name: 'identity',
    doc: 'Redirect sessions, hosted pages, captcha and member identity.',
    entities: [
      out('RedirectSession', redirects.RedirectSessionOut, 'A URL on this server to send the browser to.'),
      out(
        'HostedFlow',
        redirects.HostedFlowOut,
        "A hosted page's flow: what the app's redirect session asked for, and the verified ways back.",
      ),
      out('CaptchaSettings', CaptchaSettingsOut, "The store's captcha mode and site keys."),
      out('Identity', IdentityOut, "A member's identity and profile.", 'IDENTITY_WIRE'),
      input(
        'CreateRedirectSessionOptions',
        redirects.CreateRedirectSessionRequest,
        'Where to send the browser.',
      ),
      input('ProfileInput', ProfileIn, 'Profile fields to change (leave out what stays).'),
    ],
  },
];

/**
 * src/entities/<module>.ts (the shopper's and, as admin-*.ts, the merchant client's) and their index, by
 * path under src/, formatted the way `npm run lint` expects.
 */
export function renderEntities(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [path, text] of renderModules([...ENTITY_MODULES, ...ADMIN_ENTITY_MODULES])) {
    const header = [
      '// GENERATED from the server contracts by packages/sdk/scripts/generate-entities.ts. Do not edit:',
      '// run `npm run generate -w @openshelf/sdk` after a contract changes.',
      '',
    ].join('\n');
    files.set(
      path,
      execFileSync(
        `${repoRoot}node_modules/.bin/biome`,
        ['format', `--stdin-file-path=packages/sdk/src/${path}`],
        {
          cwd: repoRoot,
          input: `${header}\n${text}`,
          encoding: 'utf8',
        },
      ),
    );
  }
  return files;
}
