import { createHmac } from 'node:crypto';
import type { Tx } from '../../../db/client.js';
import { giftCards, giftCardTransactions } from '../store-setup.schema.js';
import { CODE_ALPHABET, hashCode, normalizeGiftCardCode } from './gift-cards.service.js';

/**
 * The code of a gift card bought as a product: derived from the store's secret key and the card's
 * place in the order (HMAC-SHA256), so it is unguessable without the key and can be recomputed when the
 * e-mail carrying it has to be sent again. 80 bits, in the same alphabet as random codes.
 */
export function derivedGiftCardCode(
  secret: string,
  orderId: string,
  lineItemId: string,
  sequence: number,
): string {
  const digest = createHmac('sha256', secret)
    .update(`gift-card\n${orderId}\n${lineItemId}\n${sequence}`)
    .digest();
  let code = '';
  for (let index = 0; index < 16; index++)
    code += CODE_ALPHABET[(digest[index] as number) % CODE_ALPHABET.length];
  return code.match(/.{4}/g)?.join('-') ?? code;
}

export interface OrderGiftCard {
  lineItemId: string;
  sequence: number;
  amountMinor: number;
  code: string;
}

/**
 * Issues the gift cards an order bought, once: a card that exists already (same order, line and
 * sequence) is left as it is, so a retried consumer issues nothing twice. Returns the cards issued now.
 */
export async function issueOrderGiftCards(
  tx: Tx,
  input: { orderId: string; currency: string; recipientEmail?: string; cards: OrderGiftCard[] },
): Promise<OrderGiftCard[]> {
  const issued: OrderGiftCard[] = [];
  for (const card of input.cards) {
    const normalized = normalizeGiftCardCode(card.code);
    const [row] = await tx
      .insert(giftCards)
      .values({
        codeHash: hashCode(card.code),
        last4: normalized.slice(-4),
        currency: input.currency,
        initialBalanceMinor: card.amountMinor,
        balanceMinor: card.amountMinor,
        recipientEmail: input.recipientEmail ?? null,
        sourceOrderId: input.orderId,
        sourceLineItemId: card.lineItemId,
        sourceSequence: card.sequence,
      })
      .onConflictDoNothing()
      .returning({ id: giftCards.id });
    if (!row) continue;
    await tx.insert(giftCardTransactions).values({
      giftCardId: row.id,
      kind: 'ISSUE',
      amountMinor: card.amountMinor,
      balanceAfterMinor: card.amountMinor,
      orderId: input.orderId,
    });
    issued.push(card);
  }
  return issued;
}
