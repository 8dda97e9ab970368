import type { SalesDay } from '@openshelf/sdk';
import { formatMinor } from './ui';

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 28, left: 64 };

/**
 * Revenue per day as bars, drawn as plain SVG (no chart library: nothing to ship to the browser). The
 * same figures are in a visually hidden table for screen readers.
 */
export function SalesChart({ days, currency }: { days: SalesDay[]; currency: string }) {
  const max = Math.max(1, ...days.map((day) => day.revenueMinor));
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerWidth / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const ticks = [0, 0.5, 1].map((share) => Math.round(max * share));
  const labelEvery = Math.ceil(days.length / 6);
  const label = `Revenue per day, last ${days.length} days`;
  return (
    <figure className="admin-chart">
      {/* The name is an attribute, not only the <title> child: a scan during a client navigation
          (login → dashboard) found the svg before its title, an unnamed image (axe svg-img-alt). */}
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        <title>{label}</title>
        {ticks.map((tick) => {
          const y = PAD.top + innerHeight - (tick / max) * innerHeight;
          return (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className="admin-chart-grid" />
              <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="admin-chart-label">
                {formatMinor(tick, currency)}
              </text>
            </g>
          );
        })}
        {days.map((day, index) => {
          const height = (day.revenueMinor / max) * innerHeight;
          const x = PAD.left + index * slot + (slot - barWidth) / 2;
          return (
            <g key={day.date}>
              <rect
                x={x}
                y={PAD.top + innerHeight - height}
                width={barWidth}
                height={Math.max(height, day.revenueMinor > 0 ? 1 : 0)}
                rx={2}
                className="admin-chart-bar"
              >
                <title>{`${day.date}: ${formatMinor(day.revenueMinor, currency)}, ${day.orders} order${day.orders === 1 ? '' : 's'}`}</title>
              </rect>
              {index % labelEvery === 0 ? (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" className="admin-chart-label">
                  {day.date.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {/* Tables ignore a 1px height, so the hiding is on a wrapper. */}
      <div className="visually-hidden">
        <table>
          <caption>Revenue per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{day.date}</td>
                <td>{day.orders}</td>
                <td>{formatMinor(day.revenueMinor, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
