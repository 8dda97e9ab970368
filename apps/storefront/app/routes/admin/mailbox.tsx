import { Form, Link } from 'react-router';
import { Field } from '../../components/Field';
import { requireStaff } from '../../lib/admin/session.server';
import type { Route } from './+types/mailbox';
import { DataTable } from './data-table';
import { formatDate, PageHeader } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'Mailbox · Admin' }];

/** Mail the store kept instead of sending (no SMTP_URL): shoppers' codes and links, for the owner only. */
export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const to = args.url.searchParams.get('to')?.trim() ?? '';
  const mailbox = await run((client) => client.mailbox.list(to ? { to } : {}));
  return { ...mailbox, to };
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { delivery, messages, to } = loaderData;
  return (
    <>
      <PageHeader title="Mailbox" />
      <p className="admin-hint">
        {delivery === 'smtp'
          ? 'E-mail goes to the mail server in SMTP_URL; messages kept before it was set are listed here.'
          : 'No mail server is set (SMTP_URL), so the store keeps the e-mail it would have sent here — sign-in codes and password-reset links included. Only the owner can read this page.'}
      </p>
      <Form method="get" className="admin-toolbar" role="search">
        <Field label="Recipient" name="to" type="email" defaultValue={to} maxLength={320} />
        <button type="submit" className="admin-button admin-button-secondary">
          Filter
        </button>
      </Form>
      <div className="admin-card admin-card-flush">
        <DataTable
          label="Messages"
          rows={messages}
          rowKey={(message) => message.id}
          empty={
            to
              ? `No messages to ${to}. Check the address or clear the search.`
              : 'No messages yet. E-mails the shop sends (order confirmations, sign-in codes) appear here.'
          }
          columns={[
            { key: 'when', header: 'When', cell: (message) => formatDate(message.createdDate, true) },
            { key: 'to', header: 'To', cell: (message) => message.to },
            {
              key: 'subject',
              header: 'Subject',
              rowHeader: true,
              cell: (message) => (
                <Link to={`/admin/mailbox/${encodeURIComponent(message.id)}`}>{message.subject}</Link>
              ),
            },
          ]}
        />
      </div>
    </>
  );
}
