import { Form, Link, useSearchParams } from 'react-router';
import { requireStaff } from '../../lib/admin/session.server';
import type { Route } from './+types/customers';
import { Badge, Empty, Field, formatAmount, formatDate, PageHeader, Pager, SelectField } from './ui';

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
        {page.customers.length === 0 ? (
          <Empty>
            {search || kind
              ? 'No customers match. Clear the filters or search by another name or e-mail.'
              : 'No customers yet. Shoppers appear here when they sign up or place an order.'}
          </Empty>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Customer</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Account</th>
                  <th scope="col" className="num">
                    Orders
                  </th>
                  <th scope="col" className="num">
                    <abbr title="Money received for their orders, gift cards included, less refunds">
                      Net paid
                    </abbr>
                  </th>
                  <th scope="col">Last order</th>
                </tr>
              </thead>
              <tbody>
                {page.customers.map((customer) => {
                  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
                  return (
                    <tr key={customer.email}>
                      <td>
                        <Link to={`/admin/customers/${encodeURIComponent(customer.email)}`}>
                          {name || customer.email}
                        </Link>
                      </td>
                      <td>{customer.email}</td>
                      <td>
                        <Badge status={customer.kind === 'MEMBER' ? 'ACTIVE' : 'GUEST'}>
                          {customer.kind === 'MEMBER' ? 'Member' : 'Guest'}
                        </Badge>
                      </td>
                      <td className="num">{customer.ordersCount}</td>
                      {/* What the store kept, as the customer's page and each order's figures net it. */}
                      <td className="num">{customer.totalNet ? formatAmount(customer.totalNet) : '—'}</td>
                      <td>{formatDate(customer.lastOrderDate)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
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
