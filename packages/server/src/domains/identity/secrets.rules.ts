import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Opaque bearer secrets (refresh tokens, session and state tokens, codes): 256 random bits, base64url.
 * Only their SHA-256 is stored: with that much entropy a fast hash is safe and lookups stay indexed.
 */
export function newOpaqueToken(prefix = ''): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Constant-time comparison of two strings (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A numeric code of `digits` digits, uniformly random (e-mailed verification codes). */
export function numericCode(digits = 6): string {
  const max = 10 ** digits;
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  for (;;) {
    const value = randomBytes(4).readUInt32BE(0);
    if (value < limit) return String(value % max).padStart(digits, '0');
  }
}

export function randomSalt(): string {
  return randomBytes(16).toString('hex');
}

/** A salted hash of a short code: kept instead of the code, so a read of the table reveals no live code. */
export function hashCode(salt: string, code: string): string {
  return sha256(`${salt}:${code}`);
}

/** An e-mailed code and what is stored of it. */
export function newEmailedCode(): { code: string; stored: { salt: string; codeHash: string } } {
  const code = numericCode(6);
  const salt = randomSalt();
  return { code, stored: { salt, codeHash: hashCode(salt, code) } };
}

/** Whether `code` (as typed: surrounding spaces ignored) is the stored one; constant time. */
export function codeMatches(stored: { salt: string; codeHash: string }, code: string): boolean {
  return safeEqual(hashCode(stored.salt, code.trim()), stored.codeHash);
}
