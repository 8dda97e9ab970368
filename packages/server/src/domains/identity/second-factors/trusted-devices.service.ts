import { and, eq, gt, isNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { DbOrTx } from '../../../db/client.js';
import { uuidv7 } from '../../../lib/ids.js';
import { trustedDevices } from '../identity.schema.js';
import { serverSecret } from '../settings.service.js';

/**
 * "Remember this device" (VerifyRequest.rememberThisDevice): after a second factor, the device gets a
 * token that lets it skip the factor for 30 days. The token is an HMAC-signed JWT (forged or altered
 * tokens are refused without a lookup) naming a `trusted_devices` row, which a password change or a
 * removed factor revokes. The client keeps it and sends it back with its next login (ADR 026).
 */
export const TRUSTED_DEVICE_DAYS = 30;
export const DEVICE_TOKEN_PREFIX = 'osd_';
const SECRET_NAME = 'trusted_device_hmac';
const AUDIENCE = 'openshelf:trusted-device';

async function signingKey(db: DbOrTx): Promise<Uint8Array> {
  return new TextEncoder().encode(await serverSecret(db, SECRET_NAME));
}

/** Remembers a device for the member and returns its token. */
export async function rememberDevice(db: DbOrTx, identityId: string, now: Date): Promise<string> {
  const id = uuidv7(now.getTime());
  const expiresDate = new Date(now.getTime() + TRUSTED_DEVICE_DAYS * 24 * 60 * 60 * 1000);
  await db.insert(trustedDevices).values({ id, identityId, createdDate: now, expiresDate });
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(identityId)
    .setJti(id)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresDate.getTime() / 1000))
    .sign(await signingKey(db));
  return `${DEVICE_TOKEN_PREFIX}${jwt}`;
}

/**
 * Whether `token` is a live remembered device of this member. Anything else (another member's token, an
 * expired, revoked, altered or malformed one) is simply not a remembered device: the login asks for the
 * second factor as usual.
 */
export async function isRememberedDevice(
  db: DbOrTx,
  token: string | undefined,
  identityId: string,
  now: Date,
): Promise<boolean> {
  if (!token?.startsWith(DEVICE_TOKEN_PREFIX)) return false;
  let deviceId: string | undefined;
  try {
    const { payload } = await jwtVerify(token.slice(DEVICE_TOKEN_PREFIX.length), await signingKey(db), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      subject: identityId,
      currentDate: now,
    });
    deviceId = payload.jti;
  } catch {
    return false;
  }
  if (!deviceId) return false;
  const rows = await db
    .update(trustedDevices)
    .set({ lastUsedDate: now })
    .where(
      and(
        eq(trustedDevices.id, deviceId),
        eq(trustedDevices.identityId, identityId),
        isNull(trustedDevices.revokedDate),
        gt(trustedDevices.expiresDate, now),
      ),
    )
    .returning({ id: trustedDevices.id });
  return rows.length === 1;
}

/** Forgets every remembered device of the member (password changed, a factor removed). */
export async function revokeTrustedDevices(
  db: DbOrTx,
  identityId: string,
  reason: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(trustedDevices)
    .set({ revokedDate: now, revokedReason: reason })
    .where(and(eq(trustedDevices.identityId, identityId), isNull(trustedDevices.revokedDate)))
    .returning({ id: trustedDevices.id });
  return rows.length;
}
