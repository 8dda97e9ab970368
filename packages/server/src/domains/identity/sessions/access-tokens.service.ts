import { type CryptoKey, decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { StaffRole } from '../identity.schema.js';
import { type KeyRing, SIGNING_ALGORITHM } from './signing-keys.service.js';
import type { SiteIds } from './site-identity.service.js';

/** Audiences keep shopper and staff tokens apart: one is never accepted where the other is expected. */
export const SHOPPER_AUDIENCE = 'openshelf';
export const STAFF_AUDIENCE = 'openshelf-admin';

/** What an access token says about its holder (ADR 005). */
export type AccessClaims =
  | { role: 'visitor'; sessionId: string; visitorId: string; clientId: string }
  | { role: 'member'; sessionId: string; memberId: string; visitorId?: string; clientId: string }
  | { role: 'staff'; sessionId: string; staffId: string; staffRole: StaffRole };

export interface SignOptions {
  issuer: string;
  now: Date;
  ttlSeconds: number;
  /** Shopper tokens carry the store's and the app's ids as the platform's do (`data.instance`). */
  site?: SiteIds;
}

/** Signs a short-lived JWT (ES256, `kid` in the header) for the claims. */
export async function signAccessToken(
  keys: KeyRing,
  claims: AccessClaims,
  options: SignOptions,
): Promise<string> {
  const { kid, key } = await keys.signer();
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  const payload: Record<string, unknown> = { sid: claims.sessionId, role: claims.role };
  let subject: string;
  let audience = SHOPPER_AUDIENCE;
  if (claims.role === 'staff') {
    subject = claims.staffId;
    audience = STAFF_AUDIENCE;
    payload.staff_role = claims.staffRole;
  } else {
    payload.cid = claims.clientId;
    if (claims.visitorId) payload.vid = claims.visitorId;
    if (claims.role === 'member') payload.mid = claims.memberId;
    subject = claims.role === 'member' ? claims.memberId : claims.visitorId;
    if (options.site) payload.data = instanceData(claims, options.site);
  }
  return new SignJWT(payload)
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'at+jwt' })
    .setIssuer(options.issuer)
    .setAudience(audience)
    .setSubject(subject)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + options.ttlSeconds)
    .sign(key);
}

/**
 * The platform's `data` claim: a JSON string whose `instance` names the site (`metaSiteId`), the app's
 * instance on it and the app (`appDefId`: the OAuth client), and the member (`siteMemberId`) or the
 * anonymous visitor (`aid`). Apps decode it with `JSON.parse(payload.data)`. Only the ids apps key their
 * data by: tokens travel in cookies and headers on every request, and `iat`/`exp` already say when.
 * Nothing in it is trusted on the way back in: the server reads only its own claims.
 */
function instanceData(claims: Extract<AccessClaims, { clientId: string }>, site: SiteIds): string {
  return JSON.stringify({
    instance: {
      instanceId: site.instanceId,
      appDefId: claims.clientId,
      metaSiteId: site.siteId,
      ...(claims.role === 'member' ? { siteMemberId: claims.memberId } : {}),
      ...(claims.visitorId ? { aid: claims.visitorId } : {}),
    },
  });
}

/** True for strings shaped like a compact JWS (three base64url parts, JSON header). */
export function looksLikeJwt(token: string): boolean {
  return token.startsWith('eyJ') && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}

/**
 * Verifies signature, issuer, audience and expiry (against the injected clock) and returns the claims,
 * or undefined for any token that does not pass. Revocation is checked by the caller (session cache).
 */
export async function verifyAccessToken(
  { keys, verifiedTokens }: { keys: KeyRing; verifiedTokens: VerifiedTokens },
  token: string,
  options: { issuer: string; now: Date },
): Promise<VerifiedClaims | undefined> {
  const seen = verifiedTokens.get(token);
  if (seen) {
    // The signature was checked once; what can change since is the clock and the key ring.
    const fresh = seen.claims.expiresAt > options.now.getTime() / 1000 && seen.issuer === options.issuer;
    return fresh && (await keys.verificationKey(seen.kid)) ? seen.claims : undefined;
  }
  const claims = await verifySignedToken(keys, token, options);
  if (claims) verifiedTokens.set(token, { claims: claims.claims, kid: claims.kid, issuer: options.issuer });
  return claims?.claims;
}

type VerifiedClaims = AccessClaims & { expiresAt: number };
interface Verified {
  claims: VerifiedClaims;
  kid: string;
  issuer: string;
}

/*
 * An ES256 check costs ~0.1 ms of CPU, and a shopper sends the same token with every request until it
 * expires; verified tokens are remembered by the app's identity deps (bounded, oldest forgotten first).
 * Revocation is not cached here: the caller checks the session on every request (its own short cache,
 * ADR 005).
 */
export type VerifiedTokens = LRUCache<string, Verified>;

export function verifiedTokenMemo(): VerifiedTokens {
  return new LRUCache({ max: 10_000 });
}

async function verifySignedToken(
  keys: KeyRing,
  token: string,
  options: { issuer: string; now: Date },
): Promise<{ claims: VerifiedClaims; kid: string } | undefined> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return undefined;
  }
  if (!kid) return undefined;
  const key = await keys.verificationKey(kid);
  if (!key) return undefined;
  const claims = await checkedClaims(token, key, options);
  return claims ? { claims, kid } : undefined;
}

async function checkedClaims(
  token: string,
  key: CryptoKey,
  options: { issuer: string; now: Date },
): Promise<VerifiedClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: options.issuer,
      audience: [SHOPPER_AUDIENCE, STAFF_AUDIENCE],
      algorithms: [SIGNING_ALGORITHM],
      currentDate: options.now,
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    const sessionId = String(payload.sid);
    const expiresAt = payload.exp as number;
    const audience = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
    if (audience === STAFF_AUDIENCE) {
      if (payload.role !== 'staff') return undefined;
      const staffRole = payload.staff_role === 'owner' ? 'owner' : 'staff';
      return { role: 'staff', sessionId, staffId: String(payload.sub), staffRole, expiresAt };
    }
    const clientId = String(payload.cid ?? '');
    if (payload.role === 'member' && typeof payload.mid === 'string') {
      const visitorId = typeof payload.vid === 'string' ? payload.vid : undefined;
      return {
        role: 'member',
        sessionId,
        memberId: payload.mid,
        clientId,
        expiresAt,
        ...(visitorId ? { visitorId } : {}),
      };
    }
    if (payload.role === 'visitor' && typeof payload.vid === 'string') {
      return { role: 'visitor', sessionId, visitorId: payload.vid, clientId, expiresAt };
    }
    return undefined;
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
