import { isSessionExpiredError } from '@openshelf/sdk';
import { cartCount } from './cart.server';
import type { ShopSession } from './session.server';
import type { ShopperState } from './shopper-state';

/** The header's view of this session: a visitor without a cookie costs no API call. */
export async function shopperStateOf(session: ShopSession): Promise<ShopperState> {
  // A member session that ended elsewhere (logout in an app, a password change) is cleared from the
  // cookie by the SDK: the header then shows a visitor's empty cart instead of failing the page.
  const count = await cartCount(session).catch((error: unknown) => {
    if (isSessionExpiredError(error)) return 0;
    throw error;
  });
  return { cartCount: count, signedIn: session.role() === 'member' };
}
