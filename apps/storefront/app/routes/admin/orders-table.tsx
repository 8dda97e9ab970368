import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable } from './data-table';
import { Badge, formatDate } from './ui';

/** One order as the admin's order tables show it (the orders list, the dashboard, a customer's page). */
export interface OrderRow {
  id: string;
  number: string | number;
  status?: string;
  createdDate: Date | string | null | undefined;
  email?: string | null;
  paymentStatus: string;
  fulfillmentStatus?: string;
  items?: number;
  /** Formatted, with its currency. */
  total: string;
}

type Column = 'customer' | 'fulfilment' | 'items';

/**
 * The admin's order table. `cancelledAs`: a cancelled order shows a "Canceled" badge beside its number
 * (`number`) or in place of its payment status (`payment`, the dashboard's compact form).
 */
export function OrdersTable({
  rows,
  columns,
  withTime = true,
  cancelledAs = 'number',
  label,
  empty,
}: {
  rows: readonly OrderRow[];
  columns: readonly Column[];
  withTime?: boolean;
  cancelledAs?: 'number' | 'payment';
  /** The table's name for screen readers ("Orders", "Recent orders"). */
  label: string;
  empty: ReactNode;
}) {
  const has = (column: Column) => columns.includes(column);
  const cancelled = (row: OrderRow) => row.status === 'CANCELED';
  return (
    <DataTable
      label={label}
      rows={rows}
      rowKey={(row) => row.id}
      empty={empty}
      columns={[
        {
          key: 'order',
          header: 'Order',
          rowHeader: true,
          cell: (row) => (
            <>
              <Link to={`/admin/orders/${row.id}`}>#{row.number}</Link>
              {cancelledAs === 'number' && cancelled(row) ? <Badge status="CANCELED" /> : null}
            </>
          ),
        },
        { key: 'date', header: 'Date', cell: (row) => formatDate(row.createdDate, withTime) },
        has('customer') && {
          key: 'customer',
          header: 'Customer',
          hideOnPhone: true,
          cell: (row) => row.email ?? '—',
        },
        {
          key: 'payment',
          header: 'Payment',
          cell: (row) => (
            <Badge status={cancelledAs === 'payment' && cancelled(row) ? 'CANCELED' : row.paymentStatus} />
          ),
        },
        has('fulfilment') && {
          key: 'fulfilment',
          header: 'Fulfilment',
          cell: (row) => <Badge status={row.fulfillmentStatus ?? ''} />,
        },
        has('items') && {
          key: 'items',
          header: 'Items',
          numeric: true,
          hideOnPhone: true,
          cell: (row) => row.items,
        },
        { key: 'total', header: 'Total', numeric: true, cell: (row) => row.total },
      ]}
    />
  );
}
