import { Form, Link, useSearchParams } from 'react-router';
import { Field, SelectField } from '../../components/Field';
import { requireStaff } from '../../lib/admin/session.server';
import type { Route } from './+types/customers';
import { DataTable } from './data-table';
import { Badge, formatAmount, formatDate, PageHeader, Pager } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'Customers · Admin' }];

const PAGE_SIZE = 25;
const KINDS = [
  { value: '', label: 'Members and guests' },
  { value: 'MEMBER', label: 'Members' },
  { value: 'GUEST', label: 'Guests' },
];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const params = args.url.searchParams;
  const search = params.get('q')?.trim() ?? '';
  const kindParam = params.get('kind');
  const kind = kindParam === 'MEMBER' || kindParam === 'GUEST' ? kindParam : undefined;
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const page = await run((client) =>
    client.customers.list({
      limit: PAGE_SIZE,
      offset,
      ...(search ? { search } : {}),
      ...(kind ? { kind } : {}),
    }),
  );
  return { page, search, kind, offset };
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { page, search, kind, offset } = loaderData;
  return (
    <>
      <PageHeader title="Customers" />
      <Form method="get" className="admin-toolbar" role="search">
        <Field label="Name or e-mail" name="q" type="search" defaultValue={search} />
        <SelectField label="Who" name="kind" options={KINDS} defaultValue={kind ?? ''} />
        <button type="submit" className="admin-button admin-button-secondary">
          Filter
        </button>
      </Form>
      <div className="admin-card admin-card-flush">
        <DataTable
          label="Customers"
          rows={page.customers}
          rowKey={(customer) => customer.email}
          empty={
            search || kind
              ? 'No customers match. Clear the filters or search by another name or e-mail.'
              : 'No customers yet. Shoppers appear here when they sign up or place an order.'
          }
          columns={[
            {
              key: 'customer',
              header: 'Customer',
              rowHeader: true,
              cell: (customer) => (
                <Link to={`/admin/customers/${encodeURIComponent(customer.email)}`}>
                  {[customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.email}
                </Link>
              ),
            },
            { key: 'email', header: 'E-mail', cell: (customer) => customer.email },
            {
              key: 'account',
              header: 'Account',
              cell: (customer) => (
                <Badge status={customer.kind === 'MEMBER' ? 'ACTIVE' : 'GUEST'}>
                  {customer.kind === 'MEMBER' ? 'Member' : 'Guest'}
                </Badge>
              ),
            },
            { key: 'orders', header: 'Orders', numeric: true, cell: (customer) => customer.ordersCount },
            {
              key: 'net',
              header: (
                <abbr title="Money received for their orders, gift cards included, less refunds">
                  Net paid
                </abbr>
              ),
              numeric: true,
              // What the store kept, as the customer's page and each order's figures net it.
              cell: (customer) => (customer.totalNet ? formatAmount(customer.totalNet) : '—'),
            },
            {
              key: 'last-order',
              header: 'Last order',
              hideOnPhone: true,
              cell: (customer) => formatDate(customer.lastOrderDate),
            },
          ]}
        />
      </div>
      <Pager
        search={searchParams}
        offset={offset}
        limit={PAGE_SIZE}
        count={page.customers.length}
        total={page.metadata.total}
      />
    </>
  );
}
