import { randomBytes } from 'node:crypto';

/**
 * UUID version 7 (RFC 9562): time-ordered, so primary-key inserts stay append-mostly in B-tree indexes
 * and ids sort by creation time. 48 bits of Unix milliseconds, then 74 random bits.
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
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
