import { randomBytes, randomFillSync } from 'node:crypto';

/*
 * Random bytes for ids come from a pool refilled 4 KiB at a time: one call into the CSPRNG per 256
 * ids instead of one per id (an id per cart change and per outbox event made it a visible cost).
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

function randomSlice(size: number): Buffer {
  if (poolOffset + size > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const slice = Buffer.from(pool.subarray(poolOffset, poolOffset + size));
  poolOffset += size;
  return slice;
}

/**
 * UUID version 7 (RFC 9562): time-ordered, so primary-key inserts stay append-mostly in B-tree indexes
 * and ids sort by creation time. 48 bits of Unix milliseconds, then 74 random bits.
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = randomSlice(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random string over [A-Za-z0-9] without modulo bias, for secrets and short codes. */
export function randomToken(length: number, alphabet: string = URL_SAFE): string {
  const out: string[] = [];
  const limit = 256 - (256 % alphabet.length);
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit) out.push(alphabet[byte % alphabet.length] as string);
      if (out.length === length) break;
    }
  }
  return out.join('');
}
