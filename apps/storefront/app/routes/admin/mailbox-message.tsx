import { Link } from 'react-router';
import { requireStaff } from '../../lib/admin/session.server';
import type { Route } from './+types/mailbox-message';
import { formatDate, PageHeader } from './ui';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.message.subject ?? 'Message'} · Mailbox · Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  return { message: await run((client) => client.mailbox.get(args.params.id)) };
}

/** One kept message: its text, and its HTML in a sandboxed frame (no scripts, no access to the admin). */
export default function MailboxMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/mailbox">← Mailbox</Link>
      </p>
      <PageHeader title={message.subject} />
      <section className="admin-card">
        <dl className="admin-facts">
          <dt>From</dt>
          <dd>{message.from}</dd>
          <dt>To</dt>
          <dd>{message.to}</dd>
          <dt>Sent</dt>
          <dd>{formatDate(message.createdDate, true)}</dd>
        </dl>
        <h2>Text</h2>
        <pre className="admin-mail-text">{message.text}</pre>
        {message.html ? (
          <>
            <h2>HTML</h2>
            <iframe className="admin-mail-html" sandbox="" title="HTML part" srcDoc={message.html} />
          </>
        ) : null}
      </section>
    </>
  );
}
