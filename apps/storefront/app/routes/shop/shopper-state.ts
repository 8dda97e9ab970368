import { data } from 'react-router';
import { getSession } from '../../lib/session.server';
import { PERSONAL_CACHE_CONTROL } from '../../lib/shared-page';
import { shopperStateOf } from '../../lib/shopper-state.server';
import type { Route } from './+types/shopper-state';

// The shopper's own bits of a shared page (ADR 037): the header's cart count and sign-in state, asked for
// once the page runs. Never kept by any cache.
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  return data(await shopperStateOf(session), { headers: { 'Cache-Control': PERSONAL_CACHE_CONTROL } });
}
