import { Form, NavLink, Outlet } from 'react-router';
import { FieldLook } from '../../components/Field';
import { hostedFlowOf } from '../../lib/hosted-flow.server';
import accountStyles from '../../styles/account.css?url';
import type { Route } from './+types/account-layout';
import { asMember, requireMember } from './member.server';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireMember(request, context);
  const identity = await asMember(request, session, () => session.client.members.getCurrentMember());
  const { firstName, lastName } = identity.identityProfile;
  // Opened from an app's memberAccountPage redirect session: a way back to it.
  const flow = await hostedFlowOf(request, session, 'memberAccountPage');
  return {
    name: [firstName, lastName].filter(Boolean).join(' '),
    email: identity.email.address,
    back: flow?.callbacks.postFlowUrl,
  };
}

// The member account's sections (spec §3 ACCOUNT_INFO, ORDERS, SUBSCRIPTIONS) plus addresses, password and
// second factors.
const SECTIONS = [
  { to: '/account', label: 'Profile', end: true },
  { to: '/account/orders', label: 'Orders', end: false },
  { to: '/account/subscriptions', label: 'Subscriptions', end: false },
  { to: '/account/addresses', label: 'Addresses', end: false },
  { to: '/account/password', label: 'Password', end: false },
  { to: '/account/security', label: 'Sign-in security', end: false },
];

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container account">
      <header className="account-header">
        <p className="eyebrow">My account</p>
        <h1>{loaderData.name ? `Hello, ${loaderData.name}` : 'Hello'}</h1>
        <p className="account-email">{loaderData.email}</p>
        {loaderData.back ? (
          <p>
            <a href={loaderData.back}>Back to the shop you came from</a>
          </p>
        ) : null}
      </header>
      <div className="account-body">
        <nav className="account-nav" aria-label="Account sections">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Form method="post" action="/logout">
            <button type="submit" className="link-button">
              Log out
            </button>
          </Form>
        </nav>
        <div className="account-content">
          <FieldLook.Provider value="account">
            <Outlet />
          </FieldLook.Provider>
        </div>
      </div>
    </div>
  );
}
