// Which server contracts of the merchant (admin) API become which SDK types: the shapes of
// `createAdminClient`. Orders, products and collections the merchant reads are the shopper entities.
// Names here are the SDK's public type names: keep them.

import { ApiKey, CreateApiKeyResponse } from '../../server/src/domains/access/access.contract.js';
import * as collections from '../../server/src/domains/catalog/collections/collections.contract.js';
import * as queries from '../../server/src/domains/catalog/listing/queries.contract.js';
import * as productWrite from '../../server/src/domains/catalog/products/products-write.contract.js';
import { VariantOverride } from '../../server/src/domains/catalog/variants/variants.contract.js';
import * as customers from '../../server/src/domains/customers/customers.contract.js';
import * as webhooks from '../../server/src/domains/events/webhooks.contract.js';
import * as staff from '../../server/src/domains/identity/admin.contract.js';
import * as previews from '../../server/src/domains/mail/mail-previews.contract.js';
import * as mailbox from '../../server/src/domains/mail/mailbox.contract.js';
import { MediaFileOut } from '../../server/src/domains/media/media.contract.js';
import { SearchOrdersQuery } from '../../server/src/domains/orders/orders.contract.js';
import * as promotions from '../../server/src/domains/store-setup/promotions/promotions.contract.js';
import * as commerce from '../../server/src/domains/store-setup/settings/store-commerce.contract.js';
import * as setup from '../../server/src/domains/store-setup/store-setup.contract.js';
import { PagingMetadataSchema } from '../../server/src/lib/paging.js';
import { type EntityModule, input, out } from './schema-to-ts.js';

const { settings } = setup.SettingsResponse.properties;
const productUpdate = productWrite.ProductUpdate.properties;
const delivery = webhooks.DeliveriesResponse.properties.deliveries.items;

/** The admin client's modules (src/entities/admin-*.ts), by use case. */
export const ADMIN_ENTITY_MODULES: readonly EntityModule[] = [
  {
    name: 'admin-orders',
    doc: 'The merchant order list: its filters, and the paging metadata every admin list answers with.',
    entities: [
      input('OrderListParams', SearchOrdersQuery, 'Which orders to list, newest first.'),
      out('ListMetadata', PagingMetadataSchema, 'Offset paging metadata of an admin list.'),
    ],
  },
  {
    name: 'admin-catalog',
    doc: 'The catalog as merchants write it: prices are numbers in major units of the store currency.',
    entities: [
      input('CreateProductInput', productWrite.ProductCreate, 'A new product.'),
      input('ProductInput', productWrite.ProductUpdate, 'Changes to a product (leave out what stays).'),
      input('ProductOptionInput', productUpdate.productOptions.items, 'An option and its choices.'),
      input('VariantInput', productUpdate.variants.items, 'A variant set with its product.'),
      input('VariantStockInput', productUpdate.variants.items.properties.stock, 'Stock of one variant.'),
      input('MediaInput', productWrite.MediaWrite, 'A media-library file (by id) or a URL to attach.'),
      input(
        'MediaItemsInput',
        productWrite.MediaReadShape,
        'Media in the shape products are read in (`{items}`), so that an exported product imports again.',
      ),
      input('VariantUpdate', VariantOverride, 'Changes to the variants picked by `choices` or `variantIds`.'),
      input(
        'Adjustment',
        queries.BulkAdjustRequest.properties.adjust.properties.price,
        'A bulk move of a value: by an amount, or by a percentage.',
      ),
      input(
        'BulkAdjustments',
        queries.BulkAdjustRequest.properties.adjust,
        'How to move price, cost or weight of every product of a bulk edit.',
      ),
      out(
        'BulkResult',
        queries.BulkResponse,
        'What a bulk edit did, product by product.',
        'BULK_RESULT_WIRE',
      ),
      input('CreateCollectionInput', collections.CollectionCreate, 'A new collection.'),
      input('CollectionInput', collections.CollectionUpdate, 'Changes to a collection.'),
    ],
  },
  {
    name: 'admin-store-setup',
    doc: [
      "The store's set-up: settings, shipping, pickup points and tax regions. Amounts are decimal strings",
      'in the store currency ("5.00"; requests also take numbers); rates are percentages ("8.875").',
    ].join('\n * '),
    entities: [
      out('StoreSettings', settings, "The store's settings.", 'STORE_SETTINGS_WIRE'),
      out(
        'StoreCurrency',
        commerce.StoreCurrencyOut,
        'The currency every price is in, and whether (and to what) it may change now.',
      ),
      out(
        'CurrencyChoice',
        commerce.StoreCurrencyOut.properties.choices.items,
        'A currency, named in words.',
      ),
      out(
        'PaymentProviderSettings',
        commerce.PaymentProvidersOut,
        'Who takes card payments: the sandbox or Stripe (whose keys stay in the environment).',
      ),
      input(
        'CardProviderInput',
        commerce.UpdatePaymentProvidersRequest.properties.cardProvider,
        'SANDBOX or STRIPE; null goes back to the default (Stripe when configured, else the sandbox).',
      ),
      out('StoreAddress', settings.properties.businessAddress, 'An address of the store or a pickup point.'),
      out('ExtraCharge', settings.properties.extraCharges.items, 'A fee added to every checkout.'),
      input(
        'ExtraChargeInput',
        setup.SettingsWrite.properties.extraCharges.items,
        'A fee added to every checkout: an amount or a percentage.',
      ),
      input(
        'StoreSettingsInput',
        setup.SettingsWrite,
        'Settings to change (leave out what stays; null clears).',
      ),
      input(
        'StoreAddressInput',
        setup.SettingsWrite.properties.businessAddress.anyOf[0],
        'An address of the store or a pickup point.',
      ),
      out(
        'ShippingRegion',
        setup.RegionOut,
        'Destinations and the rates that ship to them.',
        'SHIPPING_REGION_WIRE',
      ),
      out(
        'ShippingRate',
        setup.RegionOut.properties.rates.items,
        'A way to ship to a region, and its price.',
      ),
      input(
        'CreateShippingRegionInput',
        setup.CreateRegionRequest.properties.shippingRegion,
        'A new shipping region.',
      ),
      input(
        'ShippingRegionInput',
        setup.UpdateRegionRequest.properties.shippingRegion,
        'Changes to a shipping region (`rates` replaces them all).',
      ),
      input(
        'ShippingRateInput',
        setup.CreateRegionRequest.properties.shippingRegion.properties.rates.items,
        'A rate of a shipping region.',
      ),
      out('PickupLocation', setup.PickupOut, 'A place where buyers collect orders.', 'PICKUP_LOCATION_WIRE'),
      input(
        'CreatePickupLocationInput',
        setup.CreatePickupRequest.properties.pickupLocation,
        'A new pickup location.',
      ),
      input(
        'PickupLocationInput',
        setup.UpdatePickupRequest.properties.pickupLocation,
        'Changes to a pickup location.',
      ),
      out('TaxRegion', setup.TaxRegionOut, 'The tax rates of a place.', 'TAX_REGION_WIRE'),
      out('TaxRate', setup.TaxRegionOut.properties.rates.items, 'One jurisdiction’s rate, in percent.'),
      out(
        'JurisdictionType',
        setup.TaxRegionOut.properties.rates.items.properties.jurisdictionType,
        'Which level of government a tax rate belongs to.',
      ),
      input(
        'TaxRateInput',
        setup.CreateTaxRegionRequest.properties.taxRegion.properties.rates.items,
        'One jurisdiction’s rate, in percent.',
      ),
      input('CreateTaxRegionInput', setup.CreateTaxRegionRequest.properties.taxRegion, 'A new tax region.'),
      input(
        'TaxRegionInput',
        setup.UpdateTaxRegionRequest.properties.taxRegion,
        'Changes to a tax region (`rates` replaces them all).',
      ),
    ],
  },
  {
    name: 'admin-promotions',
    doc: 'Coupons, gift cards, membership plans and memberships.',
    entities: [
      out('Coupon', promotions.CouponOut, 'A discount code.', 'COUPON_WIRE'),
      input('CreateCouponInput', promotions.CreateCouponRequest.properties.coupon, 'A new coupon.'),
      input('CouponInput', promotions.CouponWrite, 'Changes to a coupon (null clears).'),
      input(
        'CodeListParams',
        setup.ListQuery,
        'A page of coupons or gift cards; `code` finds the one with that code.',
      ),
      out('GiftCard', promotions.GiftCardOut, 'A gift card (its code obfuscated).', 'GIFT_CARD_WIRE'),
      out(
        'GiftCardTransaction',
        promotions.GiftCardResponse.properties.transactions.items,
        'A change of a gift card’s balance.',
      ),
      out(
        'GiftCardDetails',
        promotions.GiftCardResponse,
        'A gift card and its balance changes.',
        'GIFT_CARD_DETAILS_WIRE',
      ),
      input('GiftCardInput', promotions.IssueGiftCardRequest.properties.giftCard, 'A gift card to issue.'),
      out(
        'IssuedGiftCard',
        promotions.IssueGiftCardResponse,
        'A new gift card and its full code (shown this once).',
        'ISSUED_GIFT_CARD_WIRE',
      ),
      out(
        'MembershipPlan',
        promotions.PlanOut,
        'A plan members buy or are given: credits, a duration, the products it pays for.',
        'MEMBERSHIP_PLAN_WIRE',
      ),
      input(
        'CreateMembershipPlanInput',
        promotions.CreatePlanRequest.properties.membershipPlan,
        'A new membership plan.',
      ),
      input(
        'MembershipPlanInput',
        promotions.UpdatePlanRequest.properties.membershipPlan,
        'Changes to a membership plan (null clears).',
      ),
      out('Membership', promotions.MembershipOut, "A member's membership of a plan.", 'MEMBERSHIP_WIRE'),
    ],
  },
  {
    name: 'admin-customers',
    doc: 'Customers: members and guest buyers, their orders, and notes about them.',
    entities: [
      out(
        'Customer',
        customers.CustomerOut,
        'Someone the store knows by e-mail: a member (signed up) or a guest who ordered without an account.',
        'CUSTOMER_WIRE',
      ),
      out(
        'CustomerOrder',
        customers.CustomerResponse.properties.orders.items,
        'An order of a customer, in brief.',
      ),
      out(
        'CustomerNote',
        customers.NoteResponse.properties.note,
        "A staff member's note about a customer.",
        'CUSTOMER_NOTE_WIRE',
      ),
      out(
        'CustomerDetails',
        customers.CustomerResponse,
        'A customer with their orders and notes.',
        'CUSTOMER_DETAILS_WIRE',
      ),
      input('CustomerListParams', customers.ListCustomersQuery, 'Which customers to list.'),
      out(
        'MemberSecondFactors',
        staff.MemberSecondFactorsOut,
        'Which second factors a member has on (never a secret).',
      ),
      out(
        'SecondFactorsTurnOff',
        staff.TurnOffSecondFactorsResponse,
        "What turning a member's second factors off did.",
      ),
    ],
  },
  {
    name: 'admin-access',
    doc: 'Staff sign-in, API keys, webhooks and the media library.',
    entities: [
      out('StaffUser', staff.StaffOut, 'A staff account.'),
      out(
        'StaffLogin',
        staff.StaffLoginResponse,
        'A staff sign-in: the token to send, and who signed in.',
        'STAFF_LOGIN_WIRE',
      ),
      out('CurrentStaff', staff.StaffMeResponse, 'Who the staff token belongs to.', 'CURRENT_STAFF_WIRE'),
      out('ApiKeyRole', ApiKey.properties.role, 'What a merchant API key may do.'),
      out('ApiKey', ApiKey, 'A merchant API key (never its secret).', 'API_KEY_WIRE'),
      out(
        'CreatedApiKey',
        CreateApiKeyResponse,
        'A new API key and its secret (shown this once).',
        'CREATED_API_KEY_WIRE',
      ),
      out('Webhook', webhooks.WebhookSchema, 'A webhook subscription.', 'WEBHOOK_WIRE'),
      input('CreateWebhookInput', webhooks.CreateWebhookRequest, 'A new webhook subscription.'),
      input('WebhookInput', webhooks.UpdateWebhookRequest, 'Changes to a webhook subscription.'),
      out(
        'CreatedWebhook',
        webhooks.CreateWebhookResponse,
        'A new webhook subscription and the secret that signs its deliveries.',
        'CREATED_WEBHOOK_WIRE',
      ),
      input('WebhookDeliveryParams', webhooks.DeliveriesQuery, "Which of a webhook's deliveries to list."),
      out('WebhookDeliveryAttempt', delivery.properties.attemptLog.items, 'One try of a delivery.'),
      out('WebhookDelivery', delivery, 'An event sent (or to send) to a webhook, with its attempts.'),
      out(
        'WebhookDeliveryPage',
        webhooks.DeliveriesResponse,
        "A page of a webhook's deliveries, newest first.",
        'WEBHOOK_DELIVERY_PAGE_WIRE',
      ),
      out('MediaFile', MediaFileOut, 'A file of the media library.', 'MEDIA_FILE_WIRE'),
    ],
  },
  {
    name: 'admin-mail',
    doc: "The store's e-mails and their previews, and the owner's kept mailbox.",
    entities: [
      out('EmailKind', previews.EmailKind, 'An e-mail the store sends: its template name, title and when.'),
      out(
        'EmailPreview',
        previews.EmailPreview,
        'An e-mail written with sample data and the store identity: both parts, from one template.',
      ),
      out(
        'MailboxMessage',
        mailbox.MailboxMessage,
        'A message the store kept instead of sending (no SMTP_URL).',
        'MAILBOX_MESSAGE_WIRE',
      ),
      out('Mailbox', mailbox.MailboxList, "The owner's kept mail, newest first.", 'MAILBOX_WIRE'),
    ],
  },
];
