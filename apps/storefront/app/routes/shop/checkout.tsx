import { isApplicationError } from '@openshelf/sdk';
import { data, redirect, redirectDocument } from 'react-router';
import { storeDestinations } from '../../lib/address.server';
import { getCheckout } from '../../lib/checkout.server';
import {
  CHECKOUT_FIELD_WORDS,
  checkoutFieldFor,
  readDetails,
  readPayment,
} from '../../lib/checkout-input.server';
import { storefrontContext } from '../../lib/context';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { type FormErrors, formErrors } from '../../lib/forms/form-errors';
import { readForm } from '../../lib/forms/read-form';
import { flowQuery, flowQueryOf, hostedFlowOf, thankYouUrl } from '../../lib/hosted-flow.server';
import { seo } from '../../lib/seo';
import { getSession } from '../../lib/session.server';
import { orderFromReturn, stripePaymentFor } from '../../lib/stripe-payment.server';
import type { Route } from './+types/checkout';
import { codeSchema } from './checkout.schema';
import { CheckoutForms } from './checkout-forms';
import { NotFoundContent } from './not-found';

export function meta() {
  return seo({ title: 'Checkout', noindex: true });
}

/** Where the hosted checkout links back to: the app's pages when it was opened from one, else ours. */
export interface CheckoutLinks {
  cart: string;
  continueShopping?: string;
  login?: string;
  /**
   * A visitor's checkout holding a plan: plans are sold to members, so "Place order" gives way to our
   * login and sign-up, which come back to this checkout (still in the app's flow) as its member.
   */
  memberSignIn?: { login: string; signup: string };
}

/** The flow of an app's redirect session for this very checkout (callbacks), if the page is in one. */
async function checkoutFlow(request: Request, session: Awaited<ReturnType<typeof getSession>>, id: string) {
  const flow = await hostedFlowOf(request, session, 'ecomCheckout');
  return flow?.checkoutId === id ? flow : undefined;
}

/** After the order: the app's thank-you page (with `orderId`), or ours, staying in the flow. */
function afterOrder(flow: Awaited<ReturnType<typeof checkoutFlow>>, orderId: string) {
  const external = thankYouUrl(flow, orderId);
  return external ? redirectDocument(external) : redirect(`/thank-you/${orderId}${flowQuery(flow)}`);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  // A checkout belongs to the visitor or member who started it; anyone else sees "not found".
  const checkout = session.hasIdentity() ? await getCheckout(session.client, params.checkoutId) : undefined;
  if (!checkout)
    return data(
      {
        checkout: undefined,
        member: false,
        links: { cart: '/cart' },
        stripe: undefined,
        destinations: undefined,
      },
      { status: 404 },
    );
  const flow = await checkoutFlow(request, session, checkout.id);
  if (checkout.completed && checkout.orderId) throw afterOrder(flow, checkout.orderId);
  const stripeKeys = context.get(storefrontContext).stripe;
  const url = new URL(request.url);
  let stripeProblem: string | undefined;
  if (stripeKeys && url.searchParams.has('payment_intent')) {
    // Stripe sent the shopper back after confirming the card (and 3-D Secure): place the order now.
    const returned = await orderFromReturn(session.client, checkout.id, url.searchParams);
    if ('orderId' in returned) throw afterOrder(flow, returned.orderId);
    stripeProblem = returned.problem;
  }
  const member = session.role() === 'member';
  const links: CheckoutLinks = flow
    ? {
        cart: flow.callbacks.cartPageUrl ?? flow.callbacks.postFlowUrl ?? '/cart',
        ...(flow.callbacks.postFlowUrl ? { continueShopping: flow.callbacks.postFlowUrl } : {}),
        ...(flow.callbacks.loginUrl && !member ? { login: flow.callbacks.loginUrl } : {}),
      }
    : { cart: '/cart' };
  if (checkout.membersOnly && !member) {
    // Built from the route, not request.url (a client-side navigation's data request ends in `.data`).
    const here = encodeURIComponent(`/checkout/${encodeURIComponent(checkout.id)}${flowQueryOf(request)}`);
    links.memberSignIn = { login: `/login?returnTo=${here}`, signup: `/signup?returnTo=${here}` };
  }
  const ready = Boolean(checkout.email && (!checkout.shippable || checkout.selectedShippingCode));
  const stripe = stripeKeys
    ? await stripePaymentFor(session.client, checkout, stripeKeys, {
        ready,
        member,
        saveCard: url.searchParams.get('saveCard') === '1',
      })
    : undefined;
  if (stripe && stripeProblem) stripe.problem = stripeProblem;
  return { checkout, member, links, stripe, destinations: await storeDestinations(context) };
}

/**
 * The step that was sent, and why it was refused; with the details step, what was typed (so a page
 * drawn again without JavaScript keeps it) and the country whose address form to show.
 */
export type CheckoutActionData = {
  intent: string;
  errors: FormErrors;
  values?: Record<string, string>;
};

const CODE_FIELDS: Record<string, string> = {
  'COUPON_*': 'couponCode',
  'GIFT_CARD_*': 'giftCardCode',
  PAYMENT_DECLINED: 'cardNumber',
  'MEMBERSHIP_*': 'membership',
  'SHIPPING_*': 'shippingOption',
};

/** Each section of the page posts here with its `intent`; success redirects back (or to thank-you). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await getSession(request, context);
  const { client } = session;
  const id = params.checkoutId;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const fields: Record<string, string> = {};
  const fail = (status = 400, message?: string) =>
    data<CheckoutActionData>({ intent, errors: formErrors(fields, message) }, { status });
  const typed = () =>
    Object.fromEntries(
      [...form.entries()].filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'intent',
      ),
    );
  // Each step goes back to the page, still in the app's flow if it was opened in one.
  const back = redirect(`/checkout/${id}${flowQueryOf(request)}`);
  // Codes come back to their own section (without JavaScript the browser scrolls there, not to the top).
  const backToCodes = redirect(`/checkout/${id}${flowQueryOf(request)}#discounts`);
  try {
    switch (intent) {
      case 'shipping-country':
      case 'billing-country':
        // Without JavaScript: the chosen country's address form, keeping what was typed.
        return data<CheckoutActionData>({ intent, errors: formErrors({}), values: typed() });
      case 'details': {
        const destinations = await storeDestinations(context);
        const read = readDetails(form, destinations);
        // The pickup location to collect at: the one chosen before, else the first.
        const pickupCode = async () => {
          const current = await getCheckout(client, id);
          const pickups = (current?.shippingOptions ?? []).filter((option) => option.pickup);
          return (
            pickups.find((option) => option.code === current?.selectedShippingCode)?.code ?? pickups[0]?.code
          );
        };
        if (read.errors)
          return data<CheckoutActionData>(
            { intent, errors: read.errors, values: read.values },
            { status: 400 },
          );
        const { email, pickup, shipping, billing } = read.value;
        if (pickup) {
          // Collecting the order needs who collects it, not an address (nor a billing address).
          const code = await pickupCode();
          if (!code) {
            fields.receive = 'The store has no pickup location at the moment. Choose delivery.';
            return data<CheckoutActionData>(
              { intent, errors: formErrors(fields), values: typed() },
              { status: 400 },
            );
          }
          await client.checkout.update(id, {
            buyerInfo: { email },
            shippingInfo: {
              shippingDestination: { contactDetails: shipping?.contactDetails ?? {} },
              selectedCarrierServiceOption: { code },
            },
          });
          return back;
        }
        await client.checkout.update(id, {
          buyerInfo: { email },
          ...(shipping ? { shippingInfo: { shippingDestination: shipping } } : {}),
          ...(billing ? { billingInfo: billing } : {}),
        });
        // A country with pickup only: its shopper collects the order, so the pickup is their choice —
        // one of those offered at the new address (a location is offered to its own country's buyers).
        if (destinations.countries.some((c) => c.code === shipping?.address.country && c.pickupOnly)) {
          const collect = await pickupCode();
          if (collect)
            await client.checkout.update(id, {
              shippingInfo: { selectedCarrierServiceOption: { code: collect } },
            });
        }
        return back;
      }
      case 'shipping': {
        const code = String(form.get('shippingOption') ?? '');
        if (!code) {
          fields.shippingOption = 'Choose how you want to receive your order.';
          return fail();
        }
        await client.checkout.update(id, { shippingInfo: { selectedCarrierServiceOption: { code } } });
        return back;
      }
      case 'coupon':
      case 'gift-card': {
        const name = intent === 'coupon' ? 'couponCode' : 'giftCardCode';
        const read = readForm(form, codeSchema(name));
        if (read.errors) return data<CheckoutActionData>({ intent, errors: read.errors }, { status: 400 });
        const code = read.value[name];
        await client.checkout.update(
          id,
          {},
          intent === 'coupon' ? { couponCode: code } : { giftCardCode: code },
        );
        return backToCodes;
      }
      case 'remove-coupon':
        await client.checkout.removeCoupon(id);
        return backToCodes;
      case 'remove-gift-card':
        await client.checkout.removeGiftCard(id);
        return backToCodes;
      case 'membership': {
        const chosen = form.getAll('membershipId').map(String).filter(Boolean);
        await client.checkout.update(id, {
          membershipOptions: { selectedMemberships: { memberships: chosen.map((m) => ({ id: m })) } },
        });
        return back;
      }
      case 'place': {
        // Stripe's card form is its script: a card chosen without JavaScript cannot be paid.
        const chosen = String(form.get('paymentMethod') ?? '');
        if (chosen === 'STRIPE') {
          fields.stripeCard = 'Paying by card needs JavaScript. Turn it on, or choose Pay later.';
          return fail();
        }
        // A member's card kept with Stripe: charged by the store, no card form needed.
        if (chosen.startsWith('SAVED:')) {
          try {
            const { orderId } = await client.checkout.createOrder(id, {
              paymentMethod: { type: 'SAVED_METHOD', savedPaymentMethodId: chosen.slice('SAVED:'.length) },
            });
            return afterOrder(await checkoutFlow(request, session, id), orderId);
          } catch (error) {
            if (!isApplicationError(error) || !error.description || (error.status ?? 500) >= 500) throw error;
            fields.stripeCard = error.description;
            return fail();
          }
        }
        const payment = readPayment(form);
        if (payment.errors)
          return data<CheckoutActionData>({ intent, errors: payment.errors }, { status: 400 });
        const { orderId } = await client.checkout.createOrder(id, { paymentMethod: payment.value });
        return afterOrder(await checkoutFlow(request, session, id), orderId);
      }
      default:
        return fail(400, `Unknown checkout step "${intent}". Reload the page and try again.`);
    }
  } catch (error) {
    // The buyer's e-mail is required to place an order: say so at the e-mail field.
    if (isApplicationError(error) && /e-?mail/i.test(error.description ?? '') && intent === 'place') {
      fields.email = error.description ?? 'Enter your e-mail address first.';
      return fail();
    }
    const errors = apiFormErrors(error, {
      fields: checkoutFieldFor,
      codes: CODE_FIELDS,
      words: CHECKOUT_FIELD_WORDS,
    });
    return data<CheckoutActionData>({ intent, errors }, { status: 400 });
  }
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.checkout) return <NotFoundContent what="checkout" />;
  return (
    <CheckoutForms
      checkout={loaderData.checkout}
      member={loaderData.member}
      links={loaderData.links}
      result={actionData}
      stripe={loaderData.stripe}
      destinations={loaderData.destinations}
    />
  );
}
