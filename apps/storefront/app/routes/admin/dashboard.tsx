import { Link } from 'react-router';
import { requireStaff } from '../../lib/admin/session.server';
import type { Route } from './+types/dashboard';
import { DataTable } from './data-table';
import { OrdersTable } from './orders-table';
import { SalesChart } from './sales-chart';
import { Badge, Empty, formatMinor, PageHeader } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard · Admin' }];

const WINDOWS = [7, 30, 90] as const;

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const requested = Number(args.url.searchParams.get('days'));
  const days = WINDOWS.find((window) => window === requested) ?? 30;
  return run(async (client) => {
    const [sales, lowStock, recent, settings] = await Promise.all([
      client.dashboard.sales({ days }),
      client.dashboard.lowStock(8),
      client.orders.list({ limit: 6 }),
      client.settings.get(),
    ]);
    return { days, sales, lowStock, recent: recent.orders, currency: settings.currency };
  });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { sales, currency, days } = loaderData;
  const average = sales.paidOrders > 0 ? Math.round(sales.revenueMinor / sales.paidOrders) : 0;
  return (
    <>
      <PageHeader title="Dashboard">
        <nav className="admin-segmented" aria-label="Period">
          {WINDOWS.map((window) => (
            <Link key={window} to={`?days=${window}`} aria-current={window === days ? 'page' : undefined}>
              {window} days
            </Link>
          ))}
        </nav>
      </PageHeader>
      <section className="admin-kpis" aria-label={`Last ${days} days`} aria-describedby="revenue-note">
        <Kpi label="Revenue received" value={formatMinor(sales.revenueMinor, currency)} />
        <Kpi label="Orders" value={String(sales.orders)} />
        <Kpi label="Average paid order" value={formatMinor(average, currency)} />
        <Kpi
          label="Awaiting payment"
          value={String(sales.awaitingPayment)}
          to="/admin/orders?paymentStatus=NOT_PAID"
        />
        <Kpi
          label="To fulfil"
          value={String(sales.awaitingFulfillment)}
          to="/admin/orders?fulfillmentStatus=NOT_FULFILLED"
        />
      </section>
      <p className="admin-hint" id="revenue-note">
        Revenue is money received for orders placed in the period, less what was refunded: card payments
        taken, payments you marked as received, and gift cards redeemed, minus refunds (yours and those made
        in Stripe). Orders still awaiting payment (pay later, offline, card holds not yet captured or voided)
        count once they are paid. Cancelled orders are left out.
        {sales.truncated ? ' Figures cover the newest 2,000 orders of the period.' : ''}
      </p>
      <section className="admin-card">
        <h2>Revenue received over time</h2>
        <SalesChart days={sales.days} currency={currency} />
      </section>
      <div className="admin-grid-2">
        <section className="admin-card">
          <h2>Top products</h2>
          <p className="admin-hint">
            Units sold in paid orders less the units refunded, and net sales: what the units kept sold for
            after discounts, before tax and shipping.
          </p>
          <DataTable
            label="Top products"
            rows={sales.topProducts}
            rowKey={(product) => product.productId}
            empty="No sales in this period yet."
            columns={[
              {
                key: 'product',
                header: 'Product',
                rowHeader: true,
                cell: (product) => <Link to={`/admin/products/${product.productId}`}>{product.name}</Link>,
              },
              { key: 'sold', header: 'Sold', numeric: true, cell: (product) => product.quantity },
              {
                key: 'net',
                header: 'Net sales',
                numeric: true,
                cell: (product) => formatMinor(product.revenueMinor, currency),
              },
            ]}
          />
        </section>
        <section className="admin-card">
          <h2>Low stock</h2>
          {loaderData.lowStock.length === 0 ? (
            <Empty>Everything is in stock.</Empty>
          ) : (
            <ul className="admin-list">
              {loaderData.lowStock.map((product) => (
                <li key={product.id}>
                  <Link to={`/admin/products/${product.id}`}>{product.name}</Link>
                  <Badge status={product.stock.inventoryStatus === 'OUT_OF_STOCK' ? 'CANCELED' : 'NOT_PAID'}>
                    {product.stock.inventoryStatus === 'OUT_OF_STOCK' ? 'Sold out' : 'Some options sold out'}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className="admin-card">
        <h2>Recent orders</h2>
        <OrdersTable
          label="Recent orders"
          empty="No orders yet. They appear here as soon as someone checks out."
          rows={loaderData.recent.map((order) => ({
            id: order.id,
            number: order.number,
            status: order.status,
            createdDate: order.createdDate,
            email: order.buyerInfo.email,
            paymentStatus: order.paymentStatus,
            total: order.priceSummary.total.formattedAmount,
          }))}
          columns={['customer']}
          withTime={false}
          cancelledAs="payment"
        />
      </section>
    </>
  );
}

function Kpi({ label, value, to }: { label: string; value: string; to?: string }) {
  return (
    <div className="admin-kpi">
      <span className="admin-kpi-label">{label}</span>
      <strong className="admin-kpi-value">{to ? <Link to={to}>{value}</Link> : value}</strong>
    </div>
  );
}
