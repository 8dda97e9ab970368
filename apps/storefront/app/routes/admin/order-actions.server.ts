import type { AdminClient, Order, OrderAction } from '@openshelf/sdk';
import { formFailure } from '../../lib/admin/forms.server';
import { type FormErrors, formProblem } from '../../lib/forms/form-errors';
import { formReader } from '../../lib/forms/form-reader';

/**
 * What the order page's forms do. Destructive actions (cancel, refund, deleting a shipment) take two
 * posts: the first answers with a confirmation step (`confirm`: what will happen, and the same fields to
 * post again with `confirmed=yes`), the second does it. Plain HTML forms, so it works without JavaScript.
 */
export interface Confirmation {
  intent: string;
  title: string;
  details: string[];
  button: string;
  fields: [string, string][];
}

export interface OrderActionResult {
  ok: boolean;
  message?: string;
  errors?: FormErrors;
  confirm?: Confirmation;
  /** Which form a failure belongs to, so its errors show there. */
  form?: string;
  /** Which form's action succeeded, so that form starts afresh for the next one. */
  done?: 'ship' | 'refund';
}

type Run = <T>(work: (client: AdminClient) => Promise<T>) => Promise<T>;

const DONE: Partial<Record<OrderAction, string>> = {
  'mark-paid': 'Marked as paid.',
  fulfill: 'Marked as fulfilled.',
};

/** The fields of the posted form, minus the step's own, to post again once confirmed. */
function carried(form: FormData): [string, string][] {
  return [...form.entries()].flatMap(([name, value]) =>
    typeof value === 'string' && name !== 'confirmed' ? [[name, value] as [string, string]] : [],
  );
}

const withForm = (form: string, failure: unknown) => {
  const result = failure as { data?: OrderActionResult; init?: unknown };
  if (result.data) result.data.form = form;
  return failure;
};

export async function orderAction(run: Run, order: Order, form: FormData) {
  const read = formReader(form);
  const intent = read.text('intent');
  const confirmed = read.text('confirmed') === 'yes';
  try {
    if (intent in DONE) {
      await run((client) => client.orders.act(order.id, intent as OrderAction));
      return { ok: true, message: DONE[intent as OrderAction] } satisfies OrderActionResult;
    }
    if (intent === 'cancel') {
      if (!confirmed)
        return confirmStep(form, `Cancel order #${order.number}?`, 'Yes, cancel the order', [
          'Stock is put back, the gift card gets its amount back.',
          'Authorized payments are released; captured payments are refunded in full.',
          'This cannot be undone.',
        ]);
      await run((client) => client.orders.cancel(order.id));
      return { ok: true, message: 'Order cancelled: stock returned, payments voided or refunded.' };
    }
    if (intent === 'capture') {
      if (!confirmed)
        return confirmStep(form, `Capture the payment of order #${order.number}?`, 'Yes, capture it', [
          `The buyer's card is charged ${order.payNow.formattedAmount} now.`,
          'Refund it later if needed; a capture cannot be undone.',
        ]);
      await run((client) => client.orders.capture(order.id));
      return { ok: true, message: 'Payment captured: the order is paid.' };
    }
    if (intent === 'void') {
      if (!confirmed)
        return confirmStep(form, `Void the authorization of order #${order.number}?`, 'Yes, void it', [
          "The hold on the buyer's card is released: this payment can no longer be captured.",
          'The order stays open with its stock: mark it paid if paid another way, or cancel it.',
          'This cannot be undone.',
        ]);
      await run((client) => client.orders.void(order.id));
      return { ok: true, message: 'Authorization voided: the card is no longer held.' };
    }
    if (intent === 'refund') return await refund(run, order, form, confirmed);
    if (intent === 'ship') return await ship(run, order, form);
    if (intent === 'tracking') return await tracking(run, order, form);
    if (intent === 'delete-shipment') {
      if (!confirmed)
        return confirmStep(form, 'Delete this shipment?', 'Yes, delete the shipment', [
          'Its items count as not shipped again. The buyer is not e-mailed.',
        ]);
      await run((client) => client.orders.deleteFulfillment(order.id, read.text('fulfillmentId')));
      return { ok: true, message: 'Shipment deleted.' };
    }
    if (intent === 'note') {
      await run((client) => client.orders.addNote(order.id, read.text('note')));
      return { ok: true, message: 'Note added.' };
    }
    return { ok: false, errors: formProblem('Unknown action. Reload the page and try again.') };
  } catch (error) {
    const names: Record<string, string> = {
      'activity.merchantComment.message': 'note',
      'paymentRefunds[0].amount': 'refundAmount',
      'details.shippingIncluded': 'refundShipping',
      'fulfillment.trackingInfo.trackingNumber': 'trackingNumber',
      'fulfillment.trackingInfo.trackingLink': 'trackingLink',
      'fulfillment.trackingInfo.shippingProvider': 'carrier',
    };
    const lineField = (path: string) => {
      const match = /^(details\.items|fulfillment\.lineItems|sideEffects\.restockInfo\.items)\[(\d+)\]/.exec(
        path,
      );
      if (!match) return names[path] ?? '';
      const prefix =
        match[1] === 'fulfillment.lineItems' ? 'ship' : match[1] === 'details.items' ? 'refund' : '';
      if (!prefix) return 'refundRestock';
      const ids = lineIds(form, prefix);
      return ids[Number(match[2])] ? `${prefix}-${ids[Number(match[2])]}` : '';
    };
    return withForm(intent, formFailure(error, '', lineField));
  }
}

function confirmStep(form: FormData, title: string, button: string, details: string[]): OrderActionResult {
  return {
    ok: true,
    confirm: { intent: String(form.get('intent')), title, details, button, fields: carried(form) },
  };
}

/** Lines given a quantity in a lines × quantities form (`refund-<lineId>`, `ship-<lineId>`), in order. */
function lineIds(form: FormData, prefix: string): string[] {
  return [...form.entries()].flatMap(([name, value]) =>
    name.startsWith(`${prefix}-`) && typeof value === 'string' && Number(value) > 0
      ? [name.slice(prefix.length + 1)]
      : [],
  );
}

function lineQuantities(form: FormData, prefix: string) {
  return lineIds(form, prefix).map((id) => ({ id, quantity: Number(form.get(`${prefix}-${id}`)) }));
}

async function refund(
  run: Run,
  order: Order,
  form: FormData,
  confirmed: boolean,
): Promise<OrderActionResult> {
  const read = formReader(form);
  const amount = read.text('refundAmount');
  const restock = read.checked('refundRestock');
  const request = {
    orderId: order.id,
    ...(amount ? { paymentRefunds: [{ amount }] } : {}),
    details: {
      items: lineQuantities(form, 'refund').map((line) => ({ lineItemId: line.id, quantity: line.quantity })),
      shippingIncluded: read.checked('refundShipping'),
      ...(read.text('refundReason') ? { reason: read.text('refundReason') } : {}),
    },
    sideEffects: {
      restockInfo: { type: restock ? ('ALL_ITEMS' as const) : ('NO_ITEMS' as const) },
      sendOrderRefundedEmail: true,
    },
  };
  if (!confirmed) {
    const { refund: preview } = await run((client) => client.orders.refund({ ...request, dryRun: true }));
    const names = new Map(order.lineItems.map((line) => [line.id, line.productName.original]));
    const cardPart = Number(preview.amount.amount) - Number(preview.giftCardAmount.amount);
    return confirmStep(
      form,
      `Refund ${preview.amount.formattedAmount}?`,
      `Refund ${preview.amount.formattedAmount}`,
      [
        ...preview.details.items.map(
          (item) =>
            `${item.quantity} × ${names.get(item.lineItemId) ?? 'item'}: ${item.amount.formattedAmount}`,
        ),
        ...(preview.details.shippingIncluded
          ? [`Shipping: ${preview.details.shippingAmount.formattedAmount}`]
          : []),
        ...(cardPart > 0
          ? [
              `To the buyer's payment: ${new Intl.NumberFormat('en-US', { style: 'currency', currency: order.currency }).format(cardPart)}`,
            ]
          : []),
        ...(Number(preview.giftCardAmount.amount) > 0
          ? [`To the gift card: ${preview.giftCardAmount.formattedAmount}`]
          : []),
        restock ? 'The refunded items go back in stock.' : 'Stock stays as it is.',
        'The buyer is e-mailed. A refund cannot be undone.',
      ],
    );
  }
  const { refund: done } = await run((client) => client.orders.refund(request));
  return {
    ok: true,
    done: 'refund',
    message: `Refunded ${done.amount.formattedAmount}; the buyer was e-mailed.`,
  };
}

function trackingOf(form: FormData) {
  const read = formReader(form);
  return {
    ...(read.text('carrier') ? { shippingProvider: read.text('carrier') } : {}),
    ...(read.text('trackingNumber') ? { trackingNumber: read.text('trackingNumber') } : {}),
    ...(read.text('trackingLink') ? { trackingLink: read.text('trackingLink') } : {}),
  };
}

async function ship(run: Run, order: Order, form: FormData): Promise<OrderActionResult> {
  const lineItems = lineQuantities(form, 'ship');
  if (lineItems.length === 0)
    return {
      ok: false,
      form: 'ship',
      errors: formProblem('Enter how many of at least one item you are shipping.'),
    };
  await run((client) =>
    client.orders.createFulfillment(order.id, { lineItems, trackingInfo: trackingOf(form) }),
  );
  return { ok: true, done: 'ship', message: 'Shipment recorded; the buyer was e-mailed.' };
}

async function tracking(run: Run, order: Order, form: FormData): Promise<OrderActionResult> {
  const fulfillmentId = formReader(form).text('fulfillmentId');
  await run((client) =>
    client.orders.updateFulfillment(order.id, fulfillmentId, { trackingInfo: trackingOf(form) }),
  );
  return { ok: true, message: 'Tracking saved.' };
}
