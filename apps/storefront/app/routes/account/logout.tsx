import { Form, Link, redirect, useNavigation } from 'react-router';
import accountStyles from '../../styles/account.css?url';
import type { Route } from './+types/logout';
import { sessionOf } from './auth-flow.server';
import { AuthCard, SubmitButton } from './form-ui';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export function meta() {
  return [{ title: 'Log out' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await sessionOf(request, context);
  return { signedIn: session.role() === 'member' };
}

/** Logging out is a POST (a link or image elsewhere cannot log anyone out); the server session ends too. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await sessionOf(request, context);
  if (session.role() === 'member') await session.client.auth.endSession();
  session.clear();
  throw redirect('/logout');
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting';
  if (!loaderData.signedIn) {
    return (
      <AuthCard title="You are logged out" lead="Thanks for visiting.">
        <p className="auth-actions">
          <Link to="/" className="button">
            Continue shopping
          </Link>
          <Link to="/login">Log in again</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Log out?" lead="Your cart stays with your account for next time.">
      <Form method="post" className="auth-actions">
        <SubmitButton pending={pending} pendingLabel="Logging out…">
          Log out
        </SubmitButton>
        <Link to="/account">Stay logged in</Link>
      </Form>
    </AuthCard>
  );
}
