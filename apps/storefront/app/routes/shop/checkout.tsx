import { isApplicationError } from '@openshelf/sdk';
import { data, redirect } from 'react-router';
import { getCheckout } from '../../lib/checkout.server';
import { checkoutFieldFor, readAddress, readPayment } from '../../lib/checkout-input.server';
import { formErrors } from '../../lib/form-errors.server';
import { seo } from '../../lib/seo';
import { getSession } from '../../lib/session.server';
import type { Route } from './+types/checkout';
import { CheckoutForms } from './checkout-forms';
import { NotFoundContent } from './not-found';

export function meta() {
  return seo({ title: 'Checkout', noindex: true });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  // A checkout belongs to the visitor or member who started it; anyone else sees "not found".
  const checkout = session.hasIdentity() ? await getCheckout(session.client, params.checkoutId) : undefined;
  if (!checkout) return data({ checkout: undefined, member: false }, { status: 404 });
  if (checkout.completed && checkout.orderId) throw redirect(`/thank-you/${checkout.orderId}`);
  return { checkout, member: session.role() === 'member' };
}

export type CheckoutActionData = { intent: string; form?: string; fields: Record<string, string> };

const CODE_FIELDS: Record<string, string> = {
  'COUPON_*': 'couponCode',
  'GIFT_CARD_*': 'giftCardCode',
  PAYMENT_DECLINED: 'cardNumber',
  'MEMBERSHIP_*': 'membership',
  'SHIPPING_*': 'shippingOption',
};

/** Each section of the page posts here with its `intent`; success redirects back (or to thank-you). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { client } = await getSession(request, context);
  const id = params.checkoutId;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const fields: Record<string, string> = {};
  const fail = (status = 400, message?: string) =>
    data<CheckoutActionData>({ intent, fields, ...(message ? { form: message } : {}) }, { status });
  const back = redirect(`/checkout/${id}`);
  try {
    switch (intent) {
      case 'details': {
        const email = String(form.get('email') ?? '').trim();
        if (!email) fields.email = 'Enter your e-mail address; we send the receipt there.';
        const shippable = form.get('shippable') === '1';
        const shipping = shippable ? readAddress(form, 'shipping', fields) : undefined;
        const billingSame = shippable && form.get('billingSame') === 'on';
        const billing = billingSame ? shipping : readAddress(form, 'billing', fields);
        if (Object.keys(fields).length > 0) return fail();
        await client.checkout.update(id, {
          buyerInfo: { email },
          ...(shipping ? { shippingInfo: { shippingDestination: shipping } } : {}),
          ...(billing ? { billingInfo: billing } : {}),
        });
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
        const code = String(form.get(name) ?? '').trim();
        if (!code) {
          fields[name] = intent === 'coupon' ? 'Enter a coupon code.' : 'Enter the gift card code.';
          return fail();
        }
        await client.checkout.update(
          id,
          {},
          intent === 'coupon' ? { couponCode: code } : { giftCardCode: code },
        );
        return back;
      }
      case 'remove-coupon':
        await client.checkout.removeCoupon(id);
        return back;
      case 'remove-gift-card':
        await client.checkout.removeGiftCard(id);
        return back;
      case 'membership': {
        const chosen = form.getAll('membershipId').map(String).filter(Boolean);
        await client.checkout.update(id, {
          membershipOptions: { selectedMemberships: { memberships: chosen.map((m) => ({ id: m })) } },
        });
        return back;
      }
      case 'place': {
        const paymentMethod = readPayment(form, fields);
        if (!paymentMethod) return fail();
        const { orderId } = await client.checkout.createOrder(id, { paymentMethod });
        return redirect(`/thank-you/${orderId}`);
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
    const errors = formErrors(error, checkoutFieldFor, CODE_FIELDS);
    Object.assign(fields, errors.fields);
    return fail(400, errors.form);
  }
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.checkout) return <NotFoundContent what="checkout" />;
  return <CheckoutForms checkout={loaderData.checkout} member={loaderData.member} result={actionData} />;
}
