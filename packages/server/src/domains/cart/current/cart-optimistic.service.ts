import type { Db } from '../../../db/client.js';
import { type PreparedStatement, runStatement } from '../../../db/statements.js';
import { uuidv7 } from '../../../lib/ids.js';
import type { EventActor } from '../../events/index.js';
import type { StoredLine } from '../../pricing/index.js';
import type { CartOwner } from '../cart-owner.types.js';
import { type CartRow, cartEventPayload } from '../cart-rows.service.js';

/*
 * The optimistic cart write (ADR 021). A shopper's cart is almost never changed by two requests at the
 * same instant, so the common change needs no lock and no transaction: read the row, compute the new
 * lines, then write them *only if the row is still the version that was read* — the write and its
 * outbox event in one statement (a data-modifying CTE), which commits atomically on its own. When the
 * version moved (a concurrent change won) or a concurrent first add created the cart, the write does
 * nothing and the caller falls back to the locking transaction, which then queues behind the winner.
 * Three round trips instead of six; no change is ever lost or applied twice.
 */

const WRITE_LINES_IF_UNCHANGED: PreparedStatement = {
  name: 'cart_write_lines_if_unchanged',
  text: `WITH saved AS (
      UPDATE carts SET lines = $3::jsonb, version = version + 1, updated_date = $4::timestamptz
      WHERE id = $1 AND version = $2
      RETURNING id
    )
    INSERT INTO outbox_events (id, type, entity_type, entity_id, payload, actor)
    SELECT $5, 'ecom.cart.updated', 'cart', saved.id, $6::jsonb, $7::jsonb FROM saved
    RETURNING seq`,
};

const CREATE_IF_ABSENT: PreparedStatement = {
  name: 'cart_create_if_absent',
  text: `WITH saved AS (
      INSERT INTO carts (id, owner_key, visitor_id, member_id, lines, version, created_date, updated_date)
      VALUES ($1, $2, $3, $4, $5::jsonb, 1, $6::timestamptz, $6::timestamptz)
      ON CONFLICT (owner_key) DO NOTHING
      RETURNING id
    )
    INSERT INTO outbox_events (id, type, entity_type, entity_id, payload, actor)
    SELECT $7, 'ecom.cart.created', 'cart', saved.id, $8::jsonb, $9::jsonb FROM saved
    RETURNING seq`,
};

/** A cart row not written yet: what the owner's first add will create. */
export function newCartRow(owner: CartOwner, now: Date): CartRow {
  return {
    id: uuidv7(now.getTime()),
    ownerKey: owner.key,
    visitorId: owner.visitorId ?? null,
    memberId: owner.memberId ?? null,
    lines: [],
    buyerNote: null,
    contactInfo: null,
    couponId: null,
    selectedShippingCode: null,
    overrideCheckoutUrl: null,
    merchantDiscounts: [],
    checkoutId: null,
    version: 0,
    createdDate: now,
    updatedDate: now,
  };
}

/**
 * Writes `lines` to the cart read as `read` (created when `read.version` is 0, i.e. from newCartRow)
 * with its event, if nobody changed or created it in between. Returns the saved row, or undefined when
 * the write lost a race and the caller must take the locking path.
 */
export async function saveLinesIfUnchanged(
  db: Db,
  read: CartRow,
  lines: StoredLine[],
  event: { actor: EventActor; now: Date },
): Promise<CartRow | undefined> {
  const created = read.version === 0;
  const saved: CartRow = { ...read, lines, version: read.version + 1, updatedDate: event.now };
  const payload = JSON.stringify(cartEventPayload(saved));
  const actor = JSON.stringify(event.actor);
  const linesJson = JSON.stringify(lines);
  const when = event.now.toISOString();
  const written = created
    ? await runStatement(db, CREATE_IF_ABSENT, [
        read.id,
        read.ownerKey,
        read.visitorId,
        read.memberId,
        linesJson,
        when,
        uuidv7(),
        payload,
        actor,
      ])
    : await runStatement(db, WRITE_LINES_IF_UNCHANGED, [
        read.id,
        read.version,
        linesJson,
        when,
        uuidv7(),
        payload,
        actor,
      ]);
  return written.length === 1 ? saved : undefined;
}
