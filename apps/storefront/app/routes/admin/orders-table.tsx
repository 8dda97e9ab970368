import { Link } from 'react-router';
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
}: {
  rows: readonly OrderRow[];
  columns: readonly Column[];
  withTime?: boolean;
  cancelledAs?: 'number' | 'payment';
}) {
  const has = (column: Column) => columns.includes(column);
  const cancelled = (row: OrderRow) => row.status === 'CANCELED';
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            {has('customer') ? <th scope="col">Customer</th> : null}
            <th scope="col">Payment</th>
            {has('fulfilment') ? <th scope="col">Fulfilment</th> : null}
            {has('items') ? (
              <th scope="col" className="num">
                Items
              </th>
            ) : null}
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <Link to={`/admin/orders/${row.id}`}>#{row.number}</Link>
                {cancelledAs === 'number' && cancelled(row) ? <Badge status="CANCELED" /> : null}
              </td>
              <td>{formatDate(row.createdDate, withTime)}</td>
              {has('customer') ? <td>{row.email ?? '—'}</td> : null}
              <td>
                <Badge
                  status={cancelledAs === 'payment' && cancelled(row) ? 'CANCELED' : row.paymentStatus}
                />
              </td>
              {has('fulfilment') ? (
                <td>
                  <Badge status={row.fulfillmentStatus ?? ''} />
                </td>
              ) : null}
              {has('items') ? <td className="num">{row.items}</td> : null}
              <td className="num">{row.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
