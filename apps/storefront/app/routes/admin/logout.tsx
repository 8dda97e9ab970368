import { redirect } from 'react-router';
import {
  apiClient,
  assertSameOrigin,
  clearSession,
  LOGIN_PATH,
  staffTokenOf,
} from '../../lib/admin/session.server';
import { storefrontContext } from '../../lib/context';
import type { Route } from './+types/logout';

/** Signing out ends the staff session on the server too, so a copied cookie stops working. */
export async function action({ request, context }: Route.ActionArgs) {
  const { publicUrl } = context.get(storefrontContext);
  assertSameOrigin(request, publicUrl);
  const token = await staffTokenOf(request);
  if (token)
    await apiClient(context, token)
      .auth.logout()
      .catch(() => undefined);
  return redirect(LOGIN_PATH, { headers: { 'Set-Cookie': await clearSession(publicUrl) } });
}

export async function loader() {
  return redirect('/admin/dashboard');
}
