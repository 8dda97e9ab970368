import { data, Form, Link, redirect } from 'react-router';
import { CartLines } from '../../components/CartLines';
import { CouponForm } from '../../components/CouponForm';
import { FormAlert } from '../../components/Field';
import { Summary } from '../../components/Summary';
import { getCart, setLineQuantity } from '../../lib/cart.server';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { type FormErrors, fieldError, formErrors, formProblem } from '../../lib/forms/form-errors';
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

/** A refused cart change, as this page, the cart lines and the coupon form (fetchers) read it. */
const refused = (errors: FormErrors) => data({ errors }, { status: 400 });

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
          return refused(formProblem('Enter a quantity from 0 to 99999.'));
        }
        await setLineQuantity(session.client, lineItemId, quantity);
        break;
      }
      case 'remove':
        await cart.removeLineItems([lineItemId]);
        break;
      case 'coupon': {
        const couponCode = String(form.get('couponCode') ?? '').trim();
        if (!couponCode) return refused(formErrors({ couponCode: 'Enter a coupon code.' }));
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
        return refused(formProblem(`Unknown cart action "${intent}". Reload the page and try again.`));
    }
  } catch (error) {
    return refused(apiFormErrors(error, { codes: { 'COUPON_*': 'couponCode' } }));
  }
  return js ? { ok: true } : redirect('/cart');
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  const failure = errors?.form;
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
          {cart.figures ? <Summary figures={cart.figures} estimated /> : null}
          <CouponForm
            couponCode={cart.couponCode}
            idPrefix="cart"
            pageError={fieldError(errors, 'couponCode')}
          />
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
