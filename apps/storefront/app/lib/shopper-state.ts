import { useEffect } from 'react';
import { useFetcher } from 'react-router';

/** What the shop's header shows of the shopper: items in the cart, and whether they are signed in. */
export interface ShopperState {
  cartCount: number;
  signedIn: boolean;
}

/** A first visit, and what shared pages are rendered with (lib/shared-page.ts). */
export const ANONYMOUS_SHOPPER: ShopperState = { cartCount: 0, signedIn: false };

/** The resource route that answers a shopper's own state (routes/shop/shopper-state.ts). */
export const SHOPPER_STATE_PATH = '/shopper-state';

/**
 * The shopper's state for the header. Personal pages bring it in their loader data; shared pages
 * (rendered once for everyone) have none, so once the page runs it is asked for with one small request.
 * React Router asks again after every action (an add to cart, a sign-in), so the count follows.
 */
export function useShopperState(fromLoader: ShopperState | null): ShopperState {
  const fetcher = useFetcher<ShopperState>({ key: 'shopper-state' });
  const needed = fromLoader === null && fetcher.data === undefined && fetcher.state === 'idle';
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetcher.load is stable; asked once per need
  useEffect(() => {
    if (needed) fetcher.load(SHOPPER_STATE_PATH);
  }, [needed]);
  return fromLoader ?? fetcher.data ?? ANONYMOUS_SHOPPER;
}
