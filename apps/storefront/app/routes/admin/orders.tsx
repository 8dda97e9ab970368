import type { OrderListParams } from '@openshelf/sdk';
import { Form, useSearchParams } from 'react-router';
import { Field, SelectField } from '../../components/Field';
import { requireStaff } from '../../lib/admin/session.server';
import type { Route } from './+types/orders';
import { OrdersTable } from './orders-table';
import { PageHeader, Pager } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'Orders · Admin' }];

const PAGE_SIZE = 25;
const STATUS = [
  { value: '', label: 'Any status' },
  { value: 'APPROVED', label: 'Open' },
  { value: 'CANCELED', label: 'Cancelled' },
];
const PAYMENT = [
  { value: '', label: 'Any payment' },
  ...['NOT_PAID', 'AUTHORIZED', 'PAID', 'PARTIALLY_PAID', 'VOIDED', 'REFUNDED'].map((value) => ({
    value,
    label: value
      .replace(/_/g, ' ')
      .toLowerCase()
      .replace(/^./, (c) => c.toUpperCase()),
  })),
];
const FULFILLMENT = [
  { value: '', label: 'Any fulfilment' },
  { value: 'NOT_FULFILLED', label: 'Not fulfilled' },
  { value: 'FULFILLED', label: 'Fulfilled' },
];

function pick<T extends string>(value: string | null, options: { value: string }[]): T | undefined {
  return value && options.some((option) => option.value === value) ? (value as T) : undefined;
}

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const params = args.url.searchParams;
  const query: OrderListParams = {
    limit: PAGE_SIZE,
    offset: Math.max(0, Number(params.get('offset')) || 0),
  };
  const search = params.get('q')?.trim();
  if (search) query.search = search;
  const status = pick<NonNullable<OrderListParams['status']>>(params.get('status'), STATUS);
  if (status) query.status = status;
  const paymentStatus = pick<NonNullable<OrderListParams['paymentStatus']>>(
    params.get('paymentStatus'),
    PAYMENT,
  );
  if (paymentStatus) query.paymentStatus = paymentStatus;
  const fulfillmentStatus = pick<NonNullable<OrderListParams['fulfillmentStatus']>>(
    params.get('fulfillmentStatus'),
    FULFILLMENT,
  );
  if (fulfillmentStatus) query.fulfillmentStatus = fulfillmentStatus;
  const page = await run((client) => client.orders.list(query));
  return { page, query };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const { page, query } = loaderData;
  return (
    <>
      <PageHeader title="Orders" />
      <Form method="get" className="admin-toolbar" role="search">
        <Field label="Order number or e-mail" name="q" type="search" defaultValue={query.search} />
        <SelectField label="Status" name="status" options={STATUS} defaultValue={query.status ?? ''} />
        <SelectField
          label="Payment"
          name="paymentStatus"
          options={PAYMENT}
          defaultValue={query.paymentStatus ?? ''}
        />
        <SelectField
          label="Fulfilment"
          name="fulfillmentStatus"
          options={FULFILLMENT}
          defaultValue={query.fulfillmentStatus ?? ''}
        />
        <button type="submit" className="admin-button admin-button-secondary">
          Filter
        </button>
      </Form>
      <div className="admin-card admin-card-flush">
        <OrdersTable
          label="Orders"
          empty={
            query.search || query.status || query.paymentStatus || query.fulfillmentStatus || query.offset
              ? 'No orders match. Clear the filters or search by another number or e-mail.'
              : 'No orders yet. They appear here as soon as someone checks out.'
          }
          rows={page.orders.map((order) => ({
            id: order.id,
            number: order.number,
            status: order.status,
            createdDate: order.createdDate,
            email: order.buyerInfo.email,
            paymentStatus: order.paymentStatus,
            fulfillmentStatus: order.fulfillmentStatus,
            items: order.lineItems.reduce((sum, line) => sum + line.quantity, 0),
            total: order.priceSummary.total.formattedAmount,
          }))}
          columns={['customer', 'fulfilment', 'items']}
        />
      </div>
      <Pager
        search={search}
        offset={query.offset ?? 0}
        limit={PAGE_SIZE}
        count={page.orders.length}
        total={page.metadata.total}
      />
    </>
  );
}
