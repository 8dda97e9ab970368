// base64url (RFC 4648 §5) without padding, written by hand so that the SDK has no dependency on Node's
// Buffer and behaves the same in browsers, Node 20 and edge runtimes.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Encodes bytes, or a string as UTF-8, as base64url without `=` padding.
 *
 * @example
 * ```ts
 * base64UrlEncode('{"query":{}}'); // 'eyJxdWVyeSI6e319'
 * base64UrlEncode(new Uint8Array([251, 255])); // '-_8'
 * ```
 */
export function base64UrlEncode(input: string | Uint8Array): string {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  let out = '';
  let i = 0;
  // Three bytes become four characters; the tail (1 or 2 bytes) becomes 2 or 3 characters, no padding.
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out +=
      ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]!;
  }
  return out;
}
