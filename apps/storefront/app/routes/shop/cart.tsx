import { data, Form, Link, redirect } from 'react-router';
import { CartLines } from '../../components/CartLines';
import { CouponForm } from '../../components/CouponForm';
import { FormAlert } from '../../components/Field';
import { Summary } from '../../components/Summary';
import { getCart, setLineQuantity } from '../../lib/cart.server';
import { formErrors } from '../../lib/forms/api-errors.server';
import { sentByJavaScript } from '../../lib/js-request.server';
import { seo } from '../../lib/seo';
import { getSession } from '../../lib/session.server';
import type { Route } from './+types/cart';

export function meta() {
  return seo({ title: 'Your cart', noindex: true });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  return { cart: await getCart(session) };
}

/** Every cart change: quantity, remove, coupon, and "check out" (which starts a hosted checkout). */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await getSession(request, context);
  const form = await request.formData();
  const js = sentByJavaScript(request, form);
  const intent = String(form.get('intent') ?? '');
  const lineItemId = String(form.get('lineItemId') ?? '');
  const cart = session.client.currentCart;
  try {
    switch (intent) {
      case 'quantity': {
        const quantity = Number(form.get('quantity'));
        if (!Number.isInteger(quantity) || quantity < 0 || quantity > 99_999) {
          return data({ error: 'Enter a quantity from 0 to 99999.' }, { status: 400 });
        }
        await setLineQuantity(session.client, lineItemId, quantity);
        break;
      }
      case 'remove':
        await cart.removeLineItems([lineItemId]);
        break;
      case 'coupon': {
        const couponCode = String(form.get('couponCode') ?? '').trim();
        if (!couponCode) return data({ fields: { couponCode: 'Enter a coupon code.' } }, { status: 400 });
        await cart.update({ couponCode });
        break;
      }
      case 'remove-coupon':
        await cart.removeCoupon();
        break;
      case 'checkout': {
        const { checkoutId } = await cart.createCheckout({ channelType: 'WEB' });
        return redirect(`/checkout/${checkoutId}`);
      }
      default:
        return data(
          { error: `Unknown cart action "${intent}". Reload the page and try again.` },
          { status: 400 },
        );
    }
  } catch (error) {
    const { form: message, fields } = formErrors(error, () => undefined, {
      'COUPON_*': 'couponCode',
    });
    return data({ error: message, fields }, { status: 400 });
  }
  return js ? { ok: true } : redirect('/cart');
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const failure = actionData && 'error' in actionData ? actionData.error : undefined;
  const fieldErrors: Record<string, string> =
    (actionData && 'fields' in actionData && actionData.fields) || {};
  if (!cart || cart.lineItems.length === 0) {
    return (
      <div className="container page narrow">
        <h1>Your cart</h1>
        <FormAlert message={failure} />
        <p className="lead">Your cart is empty.</p>
        <p>
          <Link to="/search" className="button">
            Start shopping
          </Link>
        </p>
      </div>
    );
  }
  const blocked = cart.violations.some((v) => v.severity === 'ERROR');
  return (
    <div className="container page">
      <h1>Your cart</h1>
      <FormAlert message={failure} />
      <div className="cart-layout">
        <section aria-label="Items">
          <CartLines lines={cart.lineItems} violations={cart.violations} />
        </section>
        <aside className="card cart-aside" aria-label="Order summary">
          <h2>Summary</h2>
          {cart.priceSummary ? <Summary summary={cart.priceSummary} estimated /> : null}
          <CouponForm couponCode={cart.couponCode} idPrefix="cart" pageError={fieldErrors.couponCode} />
          {blocked ? <p className="problem-error">Fix the items marked above before checking out.</p> : null}
          <Form method="post">
            <input type="hidden" name="intent" value="checkout" />
            <button type="submit" className="button button-block button-large">
              Check out
            </button>
          </Form>
          <p className="muted">Shipping and tax are worked out at checkout.</p>
        </aside>
      </div>
    </div>
  );
}
