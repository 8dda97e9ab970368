import { useEffect, useRef } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import type { CartView } from '../lib/types';
import { CartLines } from './CartLines';
import { CouponForm } from './CouponForm';
import { Summary } from './Summary';

/**
 * The cart as a modal side panel. A native <dialog> opened with showModal() makes the page behind it
 * inert (focus stays inside), closes on Esc, and returns focus to the button that opened it.
 */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cart = useFetcher<{ cart?: CartView }>({ key: 'cart-drawer' });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cart.load('/cart');
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, cart.load]);

  const view = cart.data?.cart;
  return (
    <dialog ref={dialog} className="drawer" aria-labelledby="cart-drawer-title" onClose={onClose}>
      <div className="drawer-head">
        <h2 id="cart-drawer-title">Your cart</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Close cart">
          ×
        </button>
      </div>
      <div className="drawer-body">
        {!cart.data && cart.state !== 'idle' ? <p aria-live="polite">Loading your cart…</p> : null}
        {cart.data && (!view || view.lineItems.length === 0) ? <p>Your cart is empty.</p> : null}
        {view && view.lineItems.length > 0 ? (
          <>
            <CartLines lines={view.lineItems} violations={view.violations} />
            <CouponForm couponCode={view.couponCode} idPrefix="drawer" />
            {view.figures ? <Summary figures={view.figures} estimated /> : null}
          </>
        ) : null}
      </div>
      {view && view.lineItems.length > 0 ? (
        <div className="drawer-foot">
          <Form method="post" action="/cart">
            <input type="hidden" name="intent" value="checkout" />
            <button type="submit" className="button button-block">
              Check out
            </button>
          </Form>
          <Link to="/cart" className="button button-secondary button-block" onClick={onClose}>
            View cart
          </Link>
        </div>
      ) : null}
    </dialog>
  );
}
