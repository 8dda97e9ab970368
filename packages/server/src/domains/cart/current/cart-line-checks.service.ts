import { AppError } from '../../../lib/http/errors.js';
import type { LineView, StoredLine } from '../../pricing/index.js';
import { snapshotOf } from '../../pricing/index.js';

/** Lines as stored: each catalog line keeps a snapshot of what it showed (kept if the product goes). */
export function withSnapshots(lines: readonly StoredLine[], views: readonly LineView[]): StoredLine[] {
  return lines.map((line, index) => {
    const view = views[index] as LineView;
    return view.availability.status === 'NOT_FOUND' || line.custom
      ? line
      : { ...line, snapshot: snapshotOf(view) };
  });
}

/** A line the buyer just added or changed must be buyable in that quantity. */
export function checkAvailability(views: readonly LineView[], touched: readonly string[]): void {
  for (const view of views) {
    if (!touched.includes(view.id)) continue;
    const { status, quantityAvailable } = view.availability;
    if (status === 'NOT_AVAILABLE' || status === 'NOT_FOUND') {
      throw new AppError('ITEM_NOT_AVAILABLE', 'Item not available', {
        status: 409,
        description: `"${view.name}" cannot be bought right now (out of stock or no longer sold). Choose another item.`,
        data: { productId: view.productId, variantId: view.variantId },
      });
    }
    if (status === 'PARTIALLY_AVAILABLE') {
      throw new AppError('INSUFFICIENT_STOCK', 'Not enough stock', {
        status: 409,
        description: `Only ${quantityAvailable ?? 0} of "${view.name}" are left; lower the quantity to at most that.`,
        data: {
          productId: view.productId,
          variantId: view.variantId,
          quantityAvailable: quantityAvailable ?? 0,
        },
      });
    }
  }
}
