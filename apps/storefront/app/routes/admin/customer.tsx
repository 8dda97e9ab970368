import { Link } from 'react-router';
import { formFailure } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { fieldError } from '../../lib/forms/form-errors';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/customer';
import { SecondFactorsCard } from './customer-security';
import { secondFactorsAction } from './customer-security.server';
import { ConfirmStep } from './order-confirm-step';
import { OrdersTable } from './orders-table';
import { Badge, CreateForm, FormMessage, formatAmount, formatDate, PageHeader, Submit } from './ui';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.customer.email ?? 'Customer'} · Customers · Admin` },
];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const details = await run((client) => client.customers.get(args.params.email));
  const memberId = details.customer.memberId;
  const secondFactors = memberId ? await run((client) => client.customers.secondFactors(memberId)) : null;
  return { ...details, secondFactors };
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const form = formReader(await args.request.formData());
  if (form.text('intent') === 'turn-off-second-factors') {
    const { customer } = await run((client) => client.customers.get(args.params.email));
    return secondFactorsAction(run, customer, form.text('confirmed') === 'yes');
  }
  try {
    await run((client) => client.customers.addNote(args.params.email, form.text('body')));
    return { ok: true, message: 'Note added.' };
  } catch (error) {
    return formFailure(error, 'note.');
  }
}

export default function Customer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, orders, notes, secondFactors } = loaderData;
  // The page has two forms: the sign-in security one marks its answers, the rest are the note's.
  const security = actionData && 'form' in actionData ? actionData : undefined;
  const noteResult = actionData && !('form' in actionData) ? actionData : undefined;
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  const errors = noteResult && 'errors' in noteResult ? noteResult.errors : undefined;
  const noteError = fieldError(errors, 'body');
  return (
    <>
      <p className="admin-breadcrumb">
        <Link to="/admin/customers">Customers</Link>
      </p>
      <PageHeader title={name || customer.email} />
      <div className="admin-grid-2">
        <section className="admin-card" aria-labelledby="customer-contact">
          <h2 id="customer-contact">Contact</h2>
          <dl className="admin-facts">
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
              {customer.emailVerified ? ' (verified)' : ''}
            </dd>
            {customer.phone ? (
              <>
                <dt>Phone</dt>
                <dd>{customer.phone}</dd>
              </>
            ) : null}
            <dt>Account</dt>
            <dd>
              {customer.kind === 'MEMBER' ? (
                <>
                  Member since {formatDate(customer.memberSince)}{' '}
                  {customer.memberStatus ? <Badge status={customer.memberStatus} /> : null}
                </>
              ) : (
                'Guest (no account yet: their orders join it if they sign up with this e-mail)'
              )}
            </dd>
          </dl>
        </section>
        <section className="admin-card" aria-labelledby="customer-totals">
          <h2 id="customer-totals">Totals</h2>
          <dl className="admin-facts">
            <dt>Orders</dt>
            <dd>{customer.ordersCount}</dd>
            {/* As each order's figures count them: money received (gift cards included), refunds, net. */}
            <dt>Paid</dt>
            <dd>{customer.totalPaid ? formatAmount(customer.totalPaid) : '—'}</dd>
            {customer.totalRefunded && Number(customer.totalRefunded.amount) > 0 ? (
              <>
                <dt>Refunded</dt>
                <dd>−{formatAmount(customer.totalRefunded)}</dd>
                <dt>Net paid</dt>
                <dd>{customer.totalNet ? formatAmount(customer.totalNet) : '—'}</dd>
              </>
            ) : null}
            <dt>Last order</dt>
            <dd>{formatDate(customer.lastOrderDate)}</dd>
          </dl>
        </section>
      </div>

      {security?.confirm ? (
        <ConfirmStep
          confirm={security.confirm}
          backTo={`/admin/customers/${encodeURIComponent(customer.email)}`}
        />
      ) : null}
      {secondFactors ? <SecondFactorsCard factors={secondFactors} result={security} /> : null}

      <section className="admin-card admin-card-flush" aria-labelledby="customer-orders">
        <h2 id="customer-orders" className="admin-card-title">
          Orders
        </h2>
        <OrdersTable
          label="Orders"
          empty="No orders yet."
          rows={orders.map((order) => ({
            id: order.id,
            number: order.number,
            status: order.status,
            createdDate: order.createdDate,
            paymentStatus: order.paymentStatus,
            fulfillmentStatus: order.fulfillmentStatus,
            total: formatAmount(order.total),
          }))}
          columns={['fulfilment']}
        />
      </section>

      <section className="admin-card" aria-labelledby="customer-notes">
        <h2 id="customer-notes">Notes</h2>
        {notes.length === 0 ? (
          <p>No notes yet. Notes are seen only by the store’s staff.</p>
        ) : (
          <ul className="admin-notes">
            {notes.map((note) => (
              <li key={note.id}>
                <p>{note.body}</p>
                <p className="admin-muted">{formatDate(note.createdDate, true)}</p>
              </li>
            ))}
          </ul>
        )}
        <FormMessage result={noteResult} />
        <CreateForm className="admin-stack">
          <div className="admin-field">
            <label htmlFor="note-body">Add a note</label>
            <textarea
              id="note-body"
              name="body"
              rows={3}
              maxLength={2000}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? 'note-body-error' : undefined}
            />
            {noteError ? (
              <p id="note-body-error" className="admin-field-error">
                {noteError}
              </p>
            ) : null}
          </div>
          <Submit>Save note</Submit>
        </CreateForm>
      </section>
    </>
  );
}
