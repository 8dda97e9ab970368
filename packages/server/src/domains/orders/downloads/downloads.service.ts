import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { AppError } from '../../../lib/http/errors.js';
import type { MediaStorage } from '../../media/index.js';
import { getMediaFile } from '../../media/index.js';
import { storeSigningKey } from '../../store-setup/index.js';
import { orders } from '../orders.schema.js';
import type { OrderRecord } from '../orders-read.service.js';

/*
 * Digital products: the buyer of a paid order gets download links to the product's files. A link is
 * signed (HMAC-SHA256 with a server-side key) over order, line, file and expiry, so it cannot be made up
 * or altered, and it expires (DOWNLOAD_LINK_TTL_MS). Links are minted anew each time the buyer reads
 * the order; the download endpoint checks the signature, the expiry and that the order is still paid.
 */
export const DOWNLOAD_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export interface DownloadLink {
  lineItemId: string;
  fileId: string;
  url: string;
  expiresAt: Date;
}

function signature(
  key: string,
  orderId: string,
  lineItemId: string,
  fileId: string,
  expires: number,
): string {
  return createHmac('sha256', key)
    .update(`download\n${orderId}\n${lineItemId}\n${fileId}\n${expires}`)
    .digest('base64url');
}

const downloadable = (order: OrderRecord) =>
  order.status !== 'CANCELED' && (order.paymentStatus === 'PAID' || order.paymentStatus === 'PARTIALLY_PAID');

/** Links for the digital lines of a paid order (none otherwise). */
export async function downloadLinks(
  db: DbOrTx,
  order: OrderRecord,
  publicUrl: string,
  now: Date,
): Promise<DownloadLink[]> {
  if (!downloadable(order)) return [];
  const lines = order.lines.filter((line) => line.itemType === 'DIGITAL' && line.digitalFileIds.length > 0);
  if (lines.length === 0) return [];
  const key = await storeSigningKey(db);
  const expires = Math.floor((now.getTime() + DOWNLOAD_LINK_TTL_MS) / 1000);
  return lines.flatMap((line) =>
    line.digitalFileIds.map((fileId) => ({
      lineItemId: line.id,
      fileId,
      url: `${publicUrl}/ecom/v1/downloads/${order.id}/${line.id}/${fileId}?expires=${expires}&signature=${signature(key, order.id, line.id, fileId, expires)}`,
      expiresAt: new Date(expires * 1000),
    })),
  );
}

const refused = (description: string) =>
  new AppError('DOWNLOAD_LINK_INVALID', 'Download link not valid', { status: 403, description });

/** Checks a download link and opens the file. */
export async function openDownload(
  db: DbOrTx,
  storage: MediaStorage,
  input: {
    orderId: string;
    lineItemId: string;
    fileId: string;
    expires: number;
    signature: string;
    now: Date;
  },
): Promise<{ body: Readable; size: number; fileName: string; mimeType: string }> {
  const key = await storeSigningKey(db);
  const expected = Buffer.from(signature(key, input.orderId, input.lineItemId, input.fileId, input.expires));
  const given = Buffer.from(input.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw refused('This link is not one the store issued. Open the order again for a fresh link.');
  if (input.expires * 1000 <= input.now.getTime())
    throw refused('This link has expired. Open the order again for a fresh link.');
  const [order] = await db.select().from(orders).where(eq(orders.id, input.orderId));
  const line = order?.lines.find((candidate) => candidate.id === input.lineItemId);
  if (!order || !line?.digitalFileIds.includes(input.fileId) || !downloadable(order))
    throw refused('The order is no longer paid or no longer has this file.');
  const file = await getMediaFile(db, input.fileId);
  const stream = await storage.stream(file.storageKey);
  if (!stream)
    throw new AppError('MEDIA_FILE_NOT_FOUND', 'File missing', {
      status: 404,
      description: 'The file is gone from storage; contact the store.',
    });
  return { ...stream, fileName: file.fileName, mimeType: file.mimeType };
}
