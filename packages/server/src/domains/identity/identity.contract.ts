import Type, { type Static } from 'typebox';
import {
  DateTimeOut,
  StringEnum,
  toWireFloat,
  WireDate,
  WireFloat,
  WireFloatOut,
  WireNumber,
} from '../../lib/http/wire.js';
import { IDENTITY_STATUSES, STATUS_REASONS, type StoredAddress } from './identity.schema.js';
import type { IdentityView } from './members/members.service.js';
import type { CustomField, Profile } from './members/profile.mapper.js';
import type { AuthResult } from './sign-in/auth-result.types.js';

/*
 * Identity wire shapes (wire-protocol.md §4.6, @wix/identity). Profile addresses travel in the REST form
 * (`addressLine`, `addressLine2`, `streetAddress`); the public client turns them into its
 * addressLine1/streetAddress form, and sends that back converted, so both names are accepted in requests.
 */

const Text = (maxLength = 1000) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

/**
 * The profile a request sends. `strict` (a profile change) refuses any field it does not know with a
 * 400 naming it, rather than answering 200 and dropping it; sign-up stays lenient, as the public client
 * sends fields there (labels, privacy) the store has no use for.
 */
function profileIn(strict: boolean) {
  const objectOf = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
    Type.Object(properties, strict ? { additionalProperties: false } : {});
  const StreetIn = objectOf({ name: Text(200), number: Text(50), apt: Text(50) });
  const AddressIn = objectOf({
    addressLine: Text(),
    addressLine1: Text(),
    addressLine2: Text(),
    streetAddress: Type.Optional(StreetIn),
    street: Type.Optional(StreetIn),
    city: Text(200),
    subdivision: Text(200),
    country: Text(100),
    postalCode: Text(50),
    formattedAddress: Text(1000),
    geocode: Type.Optional(
      objectOf({
        latitude: Type.Optional(WireNumber({ minimum: -90, maximum: 90 })),
        longitude: Type.Optional(WireNumber({ minimum: -180, maximum: 180 })),
      }),
    ),
  });
  const CustomValueIn = objectOf({
    strValue: Type.Optional(Type.String({ maxLength: 5000 })),
    numValue: Type.Optional(WireFloat()),
    dateValue: Type.Optional(WireDate()),
    boolValue: Type.Optional(Type.Boolean()),
  });
  return objectOf({
    firstName: Text(),
    lastName: Text(),
    nickname: Text(),
    picture: Text(2048),
    language: Text(20),
    emails: Type.Optional(Type.Array(Type.String({ maxLength: 254 }), { maxItems: 50 })),
    phones: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50 })),
    addresses: Type.Optional(
      Type.Array(
        objectOf({ address: Type.Optional(AddressIn), tag: Type.Optional(Type.String({ maxLength: 50 })) }),
        { maxItems: 50 },
      ),
    ),
    customFields: Type.Optional(
      Type.Array(
        objectOf({
          name: Type.String({ minLength: 1, maxLength: 200 }),
          value: Type.Optional(CustomValueIn),
        }),
        { maxItems: 50 },
      ),
    ),
  });
}

export const ProfileIn = profileIn(false);
/** A profile change (PATCH /identities/me): unknown fields are refused by name. */
export const ProfileChangeIn = profileIn(true);
type ProfileWireIn = Static<typeof ProfileIn>;

/** Request profile → domain profile. */
export function profileFromWire(wire: ProfileWireIn | undefined): Profile {
  if (!wire) return {};
  const text = (value: string | null | undefined) => value ?? undefined;
  const profile: Profile = {};
  // A field sent as null is named and cleared; a field not sent is not named and stays as it is.
  for (const key of ['firstName', 'lastName', 'nickname', 'picture', 'language'] as const) {
    if (wire[key] !== undefined) profile[key] = wire[key] ?? '';
  }
  if (wire.emails) profile.emails = wire.emails;
  if (wire.phones) profile.phones = wire.phones;
  if (wire.addresses) {
    profile.addresses = wire.addresses.map(({ address = {}, tag }) => {
      const street = address.streetAddress ?? address.street;
      const out: StoredAddress = {
        addressLine1: text(address.addressLine1 ?? address.addressLine),
        addressLine2: text(address.addressLine2),
        city: text(address.city),
        subdivision: text(address.subdivision),
        country: text(address.country),
        postalCode: text(address.postalCode),
        formattedAddress: text(address.formattedAddress),
        ...(address.geocode ? { geocode: address.geocode } : {}),
        ...(tag ? { tag } : {}),
        ...(street
          ? { street: { name: text(street.name), number: text(street.number), apt: text(street.apt) } }
          : {}),
      };
      return out;
    });
  }
  if (wire.customFields) {
    profile.customFields = wire.customFields.map(({ name, value = {} }): CustomField => {
      const custom = value as { strValue?: string; numValue?: number; dateValue?: Date; boolValue?: boolean };
      const picked = custom.numValue ?? custom.dateValue ?? custom.boolValue ?? custom.strValue ?? '';
      return { name, value: picked };
    });
  }
  return profile;
}

const Opt = (schema: ReturnType<typeof Type.String>) => Type.Optional(schema);
const CustomValueOut = Type.Object({
  strValue: Type.Optional(Type.String()),
  numValue: Type.Optional(WireFloatOut()),
  dateValue: Type.Optional(DateTimeOut()),
  boolValue: Type.Optional(Type.Boolean()),
});
const AddressOut = Type.Object({
  addressLine: Opt(Type.String()),
  addressLine2: Opt(Type.String()),
  streetAddress: Type.Optional(
    Type.Object({ name: Opt(Type.String()), number: Opt(Type.String()), apt: Opt(Type.String()) }),
  ),
  city: Opt(Type.String()),
  subdivision: Opt(Type.String()),
  country: Opt(Type.String()),
  postalCode: Opt(Type.String()),
  formattedAddress: Opt(Type.String()),
  geocode: Type.Optional(
    Type.Object({ latitude: Type.Optional(Type.Number()), longitude: Type.Optional(Type.Number()) }),
  ),
});
const ProfileOut = Type.Object({
  firstName: Opt(Type.String()),
  lastName: Opt(Type.String()),
  nickname: Opt(Type.String()),
  picture: Opt(Type.String()),
  language: Opt(Type.String()),
  emails: Type.Array(Type.String()),
  phones: Type.Array(Type.String()),
  addresses: Type.Array(Type.Object({ address: AddressOut, tag: Type.String() })),
  customFields: Type.Array(Type.Object({ name: Type.String(), value: CustomValueOut })),
});

export const IdentityOut = Type.Object({
  id: Type.String(),
  revision: Type.String({ description: 'int64 as a string; send it back to update' }),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
  identityProfile: ProfileOut,
  email: Type.Object({ address: Type.String(), isVerified: Type.Boolean() }),
  status: Type.Object({
    name: StringEnum(IDENTITY_STATUSES),
    reasons: Type.Array(StringEnum(STATUS_REASONS)),
  }),
  factors: Type.Array(Type.Object({ factorId: Type.String(), type: Type.String(), status: Type.String() })),
  connections: Type.Array(Type.Unknown()),
});

export function toWireIdentity(view: IdentityView): Static<typeof IdentityOut> {
  const { profile } = view;
  return {
    id: view.id,
    revision: String(view.revision),
    createdDate: view.createdDate,
    updatedDate: view.updatedDate,
    identityProfile: {
      ...(profile.firstName ? { firstName: profile.firstName } : {}),
      ...(profile.lastName ? { lastName: profile.lastName } : {}),
      ...(profile.nickname ? { nickname: profile.nickname } : {}),
      ...(profile.picture ? { picture: profile.picture } : {}),
      ...(profile.language ? { language: profile.language } : {}),
      emails: profile.emails ?? [],
      phones: profile.phones ?? [],
      addresses: (profile.addresses ?? []).map(({ tag, addressLine1, street, ...rest }) => ({
        tag: tag ?? 'UNTAGGED',
        address: {
          ...rest,
          ...(addressLine1 ? { addressLine: addressLine1 } : {}),
          ...(street ? { streetAddress: street } : {}),
        },
      })),
      customFields: (profile.customFields ?? []).map(({ name, value }) => ({
        name,
        value:
          value instanceof Date
            ? { dateValue: value }
            : typeof value === 'number'
              ? { numValue: toWireFloat(value) }
              : typeof value === 'boolean'
                ? { boolValue: value }
                : { strValue: value },
      })),
    },
    email: { address: view.email, isVerified: view.emailVerified },
    status: { name: view.status, reasons: view.statusReasons },
    factors: view.factors,
    connections: [],
  };
}

const FactorOut = Type.Object({
  factorType: Type.String({ description: 'TOTP or EMAIL (the platform’s FactorType)' }),
  factorStatus: Type.String({ description: 'ENABLED: the member set it up (the platform’s FactorStatus)' }),
});

/**
 * The reply of register, login and the verify calls: the platform's `StateMachineResponse` (the internal
 * typings of @wix/auto_sdk_identity_authentication), with exactly its field names. The second-factor
 * data is its `requireMfaData` / `mfaChallengeData` one-of; a remembered device's token travels in
 * `additionalData` (ADR 026).
 */
export const StateMachineResponse = Type.Object({
  state: StringEnum([
    'SUCCESS',
    'REQUIRE_EMAIL_VERIFICATION',
    'REQUIRE_OWNER_APPROVAL',
    'REQUIRE_MFA',
    'MFA_CHALLENGE',
  ] as const),
  sessionToken: Type.Optional(
    Type.String({ description: 'SUCCESS: exchange at /oauth2/authorize (single use, 5 minutes)' }),
  ),
  stateToken: Type.Optional(
    Type.String({
      description: 'REQUIRE_EMAIL_VERIFICATION / REQUIRE_MFA / MFA_CHALLENGE: send with the next step',
    }),
  ),
  identity: IdentityOut,
  additionalData: Type.Record(Type.String(), Type.Unknown(), {
    description:
      'SUCCESS after rememberThisDevice: deviceToken.strValue, to send back as clientMetaData.deviceToken',
  }),
  requireMfaData: Type.Optional(
    Type.Object({ availableFactors: Type.Array(FactorOut), reason: Type.String() }),
  ),
  mfaChallengeData: Type.Optional(
    Type.Object({
      factorType: Type.String(),
      verificationChallengeData: Type.Optional(Type.Object({ hint: Type.Optional(Type.String()) })),
      availableFactors: Type.Array(FactorOut),
      reason: Type.String(),
    }),
  ),
});

/** Every second factor here is one the member set up themselves (`MfaReason.USER_SETTINGS`). */
const MFA_REASON = 'USER_SETTINGS';

export function toWireAuthResult(result: AuthResult): Static<typeof StateMachineResponse> {
  const step = result.secondFactor;
  const availableFactors = step?.factors.map((factorType) => ({ factorType, factorStatus: 'ENABLED' }));
  return {
    state: result.state,
    ...(result.sessionToken ? { sessionToken: result.sessionToken } : {}),
    ...(result.stateToken ? { stateToken: result.stateToken } : {}),
    identity: toWireIdentity(result.identity),
    additionalData: result.deviceToken ? { deviceToken: { strValue: result.deviceToken } } : {},
    ...(result.state === 'REQUIRE_MFA' && availableFactors
      ? { requireMfaData: { availableFactors, reason: MFA_REASON } }
      : {}),
    ...(result.state === 'MFA_CHALLENGE' && step?.challenge && availableFactors
      ? {
          mfaChallengeData: {
            factorType: step.challenge.factorType,
            ...(step.challenge.hint ? { verificationChallengeData: { hint: step.challenge.hint } } : {}),
            availableFactors,
            reason: MFA_REASON,
          },
        }
      : {}),
  };
}

/** `captchaTokens` entries: `{Recaptcha}`, `{InvisibleRecaptcha}`, or both in one object. */
export const CaptchaTokensIn = Type.Optional(
  Type.Array(
    Type.Object({
      Recaptcha: Type.Optional(Type.String({ maxLength: 5000 })),
      InvisibleRecaptcha: Type.Optional(Type.String({ maxLength: 5000 })),
      NoCaptcha: Type.Optional(Type.String({ maxLength: 5000 })),
    }),
    { maxItems: 4 },
  ),
);

export const Empty = Type.Object({});

/** The store's captcha mode (`off`, `invisible`, `visible`), its two site keys and where challenges come from. */
export const CaptchaSettingsOut = Type.Object({
  mode: Type.String(),
  visibleSiteKey: Type.String(),
  invisibleSiteKey: Type.String(),
  challengeUrl: Type.String(),
});
