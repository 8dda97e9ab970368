import { AppError, invalidField } from '../../../lib/http/errors.js';
import { SERVED_FACTOR_TYPES, type ServedFactorType } from '../identity.schema.js';

/**
 * The platform's factor types (`FactorType` of @wix/auto_sdk_identity_authentication, spec §3 lists the
 * first six). Requests may name them in any case (`totp`, `recovery_code`): the older path form
 * `/v2/{factorType}/verify` is written in lower case by the spec.
 */
export const FACTOR_TYPES = [
  'PASSWORD',
  'SMS',
  'CALL',
  'EMAIL',
  'TOTP',
  'PUSH',
  'WEBAUTHN',
  'RECOVERY_CODE',
] as const;
export type FactorType = (typeof FACTOR_TYPES)[number];

/** The request field that carries each factor's data in a verify request (`VerifyRequestFactorDataOneOf`). */
export const FACTOR_DATA_FIELDS: Record<FactorType, string> = {
  PASSWORD: 'passwordData',
  SMS: 'smsData',
  CALL: 'callData',
  EMAIL: 'emailData',
  TOTP: 'totpData',
  PUSH: 'pushData',
  WEBAUTHN: 'webauthnData',
  RECOVERY_CODE: 'recoveryCodeData',
};

/** Reads a factor type a request names; anything else is a 400 naming `field` and the allowed values. */
export function parseFactorType(value: string | undefined, field: string): FactorType {
  const upper = value?.trim().toUpperCase();
  if (!upper) throw invalidField(field, 'REQUIRED_FIELD', 'is required', { type: 'FACTOR' });
  if (!(FACTOR_TYPES as readonly string[]).includes(upper)) {
    throw invalidField(field, 'INVALID_ENUM_VALUE', `must be one of: ${FACTOR_TYPES.join(', ')}`, {
      type: 'FACTOR',
    });
  }
  return upper as FactorType;
}

/** What this store lacks to serve each second factor it cannot offer. */
const MISSING: Record<
  Exclude<FactorType, ServedFactorType | 'PASSWORD' | 'RECOVERY_CODE'>,
  [string, string]
> = {
  SMS: [
    'SMS_PROVIDER',
    'This store has no SMS provider configured, so it cannot send codes by text message.',
  ],
  CALL: [
    'VOICE_CALL_PROVIDER',
    'This store has no voice-call provider configured, so it cannot read codes out by phone.',
  ],
  PUSH: ['PUSH_AUTHENTICATOR', 'This store has no authenticator app that receives push notifications.'],
  WEBAUTHN: ['WEBAUTHN_SUPPORT', 'This store does not support passkeys or security keys (WebAuthn) yet.'],
};

/**
 * The factor, if this store can serve it as a second factor. The others are refused with a 4xx that says
 * what is missing (`UNIMPLEMENTED_FEATURE`, a code of the platform's own authentication errors), never a
 * 500; PASSWORD is the first factor, not a second.
 */
export function requireServedFactor(type: FactorType, field: string): ServedFactorType {
  if ((SERVED_FACTOR_TYPES as readonly string[]).includes(type)) return type as ServedFactorType;
  if (type === 'PASSWORD') {
    throw invalidField(field, 'INVALID_ENUM_VALUE', 'PASSWORD is the first factor, not a second one', {
      type: 'FACTOR',
    });
  }
  if (type === 'RECOVERY_CODE') {
    throw invalidField(
      field,
      'INVALID_ENUM_VALUE',
      'RECOVERY_CODE is not set up on its own: recovery codes come with an authenticator app (TOTP), whose activation answers them; POST /_api/iam/factors/v1/recovery-codes/regenerate makes new ones',
      { type: 'FACTOR' },
    );
  }
  const [missing, reason] = MISSING[type as keyof typeof MISSING];
  throw new AppError('UNIMPLEMENTED_FEATURE', `${type} is not available in this store`, {
    status: 400,
    description: `${reason} Use an authenticator app (TOTP) or codes e-mailed at login (EMAIL).`,
    data: { factorType: type, missing, availableFactorTypes: [...SERVED_FACTOR_TYPES] },
  });
}
