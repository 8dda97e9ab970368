import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator-app codes (RFC 6238 as every authenticator app implements it: SHA-1, 6 digits, 30 s).
 * The compatibility and browser suites generate codes from the enrolled secret with the same settings.
 */
export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

function totpFor(secret: string, label = 'member', issuer = 'store'): TOTP {
  return new TOTP({ issuer, label, ...TOTP_SETTINGS, secret: Secret.fromBase32(secret) });
}

/** A new shared secret (160 bits, base32 as authenticator apps take it). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app scans (as a QR code) or takes typed in. */
export function otpauthUri(secret: string, accountEmail: string, storeName: string): string {
  return totpFor(secret, accountEmail, storeName).toString();
}

/**
 * Checks a code (±1 step of clock drift) and returns its time step, or undefined. A step at or before
 * `lastUsedStep` is refused, so an observed code cannot be replayed.
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  now: Date,
  lastUsedStep: number | null,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpFor(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(now.getTime() / 1000 / TOTP_SETTINGS.period) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? undefined : step;
}

/** A code for tests and tools that hold the secret (an authenticator app does the same). */
export function currentTotpCode(secret: string, now: Date): string {
  return totpFor(secret).generate({ timestamp: now.getTime() });
}
