import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailQueue } from './mail.schema.js';

/** A message as it is handed to the SMTP server: written, addressed, with its sender. */
export interface OutgoingMessage {
  from: string;
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  tags: string[];
}

/** Pauses between attempts of a queued message: quick at first (a restart), then every half hour. */
const RETRY_DELAYS_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000];
/** A message that found no server for this long is given up (a sign-in code is useless by then). */
export const MAIL_QUEUE_GIVE_UP_MS = 3 * 24 * 3_600_000;
const LEASE_MS = 60_000;
const MAX_ERROR_LENGTH = 500;

const retryDelayMs = (attempts: number) =>
  RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0]!;

/** Keeps a message the SMTP server did not take, to be sent by `deliverQueuedMail`. */
export async function enqueueMail(
  db: Db,
  message: OutgoingMessage,
  failure: { error: string; now: Date; attempted: boolean },
): Promise<string> {
  const [row] = await db
    .insert(mailQueue)
    .values({
      from: message.from,
      replyTo: message.replyTo ?? null,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      tags: message.tags,
      attempts: failure.attempted ? 1 : 0,
      nextAttemptDate: new Date(failure.now.getTime() + (failure.attempted ? retryDelayMs(1) : 0)),
      lastError: failure.error.slice(0, MAX_ERROR_LENGTH),
      createdDate: failure.now,
    })
    .returning({ id: mailQueue.id });
  if (!row) throw new Error('queueing an e-mail returned no row');
  return row.id;
}

export interface QueueRound {
  sent: number;
  /** Sent again later: the server was unreachable or said to try later. */
  retrying: number;
  /** Given up: refused for good, or too old. */
  failed: number;
}

export interface QueueSender {
  send(message: OutgoingMessage): Promise<void>;
  /** A refusal no retry can cure (an address the server rejects with 5xx). */
  isPermanent(error: unknown): boolean;
  /** Told after each answer from the server: whether it took the message or was unreachable. */
  onAnswer?(ok: boolean, error?: unknown): void;
}

/**
 * One round of the mail queue: takes the due messages with a lease (several processes may run it), sends
 * them one by one, and deletes what was sent. When the server is unreachable the round stops at the first
 * failure (the rest stay due, their attempts unspent); once a message goes through, every waiting one is
 * due at once, so a backlog clears as soon as SMTP is back instead of on each message's own schedule.
 */
export async function deliverQueuedMail(
  db: Db,
  sender: QueueSender,
  now: Date,
  limit = 50,
): Promise<QueueRound> {
  const round: QueueRound = { sent: 0, retrying: 0, failed: 0 };
  const claimed = await db
    .update(mailQueue)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      inArray(
        mailQueue.id,
        db
          .select({ id: mailQueue.id })
          .from(mailQueue)
          .where(
            and(
              eq(mailQueue.status, 'pending'),
              lte(mailQueue.nextAttemptDate, now),
              or(sql`${mailQueue.leaseUntil} IS NULL`, lt(mailQueue.leaseUntil, now)),
            ),
          )
          .orderBy(asc(mailQueue.nextAttemptDate))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  claimed.sort((a, b) => a.createdDate.getTime() - b.createdDate.getTime());
  for (const [index, row] of claimed.entries()) {
    try {
      await sender.send({
        from: row.from,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        tags: row.tags,
      });
    } catch (error) {
      sender.onAnswer?.(false, error);
      const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
      const attempts = row.attempts + 1;
      const giveUp =
        sender.isPermanent(error) || now.getTime() - row.createdDate.getTime() >= MAIL_QUEUE_GIVE_UP_MS;
      await db
        .update(mailQueue)
        .set(
          giveUp
            ? { status: 'failed', attempts, lastError: message, leaseUntil: null }
            : {
                attempts,
                lastError: message,
                leaseUntil: null,
                nextAttemptDate: new Date(now.getTime() + retryDelayMs(attempts)),
              },
        )
        .where(eq(mailQueue.id, row.id));
      if (giveUp) {
        round.failed += 1;
        continue;
      }
      round.retrying += 1;
      // Unreachable: the others would fail alike. They are handed back as they were.
      const rest = claimed.slice(index + 1).map((other) => other.id);
      if (rest.length > 0)
        await db.update(mailQueue).set({ leaseUntil: null }).where(inArray(mailQueue.id, rest));
      return round;
    }
    sender.onAnswer?.(true);
    await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
    round.sent += 1;
    if (round.sent === 1 && row.attempts > 0) await everyWaitingMessageDue(db, now);
  }
  return round;
}

/** The server answers again: messages waiting for their next attempt go in the next round. */
export async function everyWaitingMessageDue(db: Db, now: Date): Promise<void> {
  await db
    .update(mailQueue)
    .set({ nextAttemptDate: now })
    .where(and(eq(mailQueue.status, 'pending'), sql`${mailQueue.nextAttemptDate} > ${now}`));
}

/** How many messages wait, and since when the oldest (for /metrics). */
export async function mailQueueState(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: mailQueue.status, count: sql<string>`count(*)` })
    .from(mailQueue)
    .groupBy(mailQueue.status);
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { pending: count('pending'), failed: count('failed') };
}
