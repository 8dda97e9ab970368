import { Link } from 'react-router';
import { requireStaff } from '../../lib/admin/session.server';
import type { Route } from './+types/emails';
import { PageHeader } from './ui';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.preview.title ?? 'E-mails'} · E-mails · Settings · Admin` },
];

/**
 * Every e-mail the store sends, and a preview of the one chosen: written by the server from its
 * template with sample order data and this store's name, logo and contact address.
 */
export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const emails = await run((client) => client.emails.list());
  const wanted = args.url.searchParams.get('email');
  const name = emails.some((email) => email.name === wanted) ? (wanted as string) : emails[0]?.name;
  if (!name) throw new Response('No e-mails', { status: 404 });
  const preview = await run((client) => client.emails.preview(name));
  return { emails, preview };
}

export default function Emails({ loaderData }: Route.ComponentProps) {
  const { emails, preview } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/settings">← Settings</Link>
      </p>
      <PageHeader title="E-mails" />
      <p className="admin-hint">
        What shoppers receive, shown with sample data. The store's name, logo and contact e-mail come from{' '}
        <Link to="/admin/settings">Settings</Link>; each e-mail has an HTML and a plain-text part.
      </p>
      <div className="admin-email-previews">
        <nav aria-label="E-mails" className="admin-card">
          <ul className="admin-email-list">
            {emails.map((email) => (
              <li key={email.name}>
                <Link
                  to={`?email=${encodeURIComponent(email.name)}`}
                  aria-current={email.name === preview.name ? 'page' : undefined}
                >
                  {email.title}
                </Link>
                <span className="admin-hint">{email.sentWhen}</span>
              </li>
            ))}
          </ul>
        </nav>
        <section className="admin-card" aria-labelledby="email-preview-title">
          <h2 id="email-preview-title">{preview.title}</h2>
          <dl className="admin-facts">
            <dt>Subject</dt>
            <dd>{preview.subject}</dd>
            <dt>Sent</dt>
            <dd>{preview.sentWhen}</dd>
          </dl>
          <h3>HTML</h3>
          {/* Sandboxed: no scripts, no access to the admin's origin. */}
          <iframe
            className="admin-mail-html"
            sandbox=""
            title={`${preview.title}: HTML part`}
            srcDoc={preview.html}
          />
          <h3>Text</h3>
          <pre className="admin-mail-text">{preview.text}</pre>
        </section>
      </div>
    </>
  );
}
