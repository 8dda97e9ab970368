import Type, { type Static } from 'typebox';
import { DateTimeOut } from '../../../lib/http/wire.js';
import type { IdentityStatus, StoredAddress } from '../identity.schema.js';
import type { IdentityRow } from './members.service.js';

/*
 * Members as the public `@wix/members` client reads them (`members.getCurrentMember`, `getMember`,
 * `queryMembers` …). A member is one of our identities; the contact is the identity's profile (there is
 * no separate contact book, so `contactId` is the member id).
 */

export const MEMBER_FIELDSETS = ['PUBLIC', 'EXTENDED', 'FULL'] as const;
export type MemberFieldset = (typeof MEMBER_FIELDSETS)[number];

const Opt = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Optional(schema);
const ImageOut = Type.Object({ url: Type.String() });
const AddressOut = Type.Object({
  addressLine: Opt(Type.String()),
  addressLine2: Opt(Type.String()),
  streetAddress: Type.Optional(Type.Object({ number: Opt(Type.String()), name: Opt(Type.String()) })),
  city: Opt(Type.String()),
  subdivision: Opt(Type.String()),
  country: Opt(Type.String()),
  postalCode: Opt(Type.String()),
});

export const MemberOut = Type.Object({
  id: Type.String(),
  loginEmail: Opt(Type.String()),
  loginEmailVerified: Type.Optional(Type.Boolean()),
  status: Type.String({ description: 'APPROVED, PENDING, BLOCKED, OFFLINE; UNKNOWN in the PUBLIC fieldset' }),
  contactId: Type.String({ description: 'The member id: contacts are the members’ own profiles' }),
  contact: Type.Optional(
    Type.Object({
      firstName: Opt(Type.String()),
      lastName: Opt(Type.String()),
      phones: Type.Array(Type.String()),
      emails: Type.Array(Type.String()),
      addresses: Type.Array(AddressOut),
      birthdate: Opt(Type.String()),
      company: Opt(Type.String()),
      jobTitle: Opt(Type.String()),
    }),
  ),
  profile: Type.Object({
    nickname: Opt(Type.String()),
    slug: Type.String(),
    photo: Type.Optional(ImageOut),
    title: Opt(Type.String()),
  }),
  privacyStatus: Type.String(),
  activityStatus: Type.String(),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
});
export type WireMember = Static<typeof MemberOut>;

const STATUS: Record<IdentityStatus, string> = {
  ACTIVE: 'APPROVED',
  PENDING: 'PENDING',
  BLOCKED: 'BLOCKED',
  OFFLINE: 'OFFLINE',
  DELETED: 'UNKNOWN',
};

/** The slug a member has until they choose one: their id, unique and stable. */
export function slugOf(row: IdentityRow): string {
  return row.profile.slug ?? row.id;
}

/** The name others see: the nickname, else the first and last name. */
function nicknameOf(row: IdentityRow): string | undefined {
  const { nickname, firstName, lastName } = row.profile;
  return nickname ?? ([firstName, lastName].filter(Boolean).join(' ') || undefined);
}

function addressOut(address: StoredAddress): Static<typeof AddressOut> {
  return {
    ...(address.addressLine1 ? { addressLine: address.addressLine1 } : {}),
    ...(address.addressLine2 ? { addressLine2: address.addressLine2 } : {}),
    ...(address.street?.name || address.street?.number
      ? {
          streetAddress: {
            ...(address.street.number ? { number: address.street.number } : {}),
            ...(address.street.name ? { name: address.street.name } : {}),
          },
        }
      : {}),
    ...(address.city ? { city: address.city } : {}),
    ...(address.subdivision ? { subdivision: address.subdivision } : {}),
    ...(address.country ? { country: address.country } : {}),
    ...(address.postalCode ? { postalCode: address.postalCode } : {}),
  };
}

/**
 * A member in a fieldset, as the platform defines them: PUBLIC has the id, contact id, dates and the
 * profile (statuses UNKNOWN); EXTENDED adds the login e-mail and the statuses; FULL adds the contact.
 */
export function toWireMember(row: IdentityRow, fieldset: MemberFieldset): WireMember {
  const { profile } = row;
  const nickname = nicknameOf(row);
  const base: WireMember = {
    id: row.id,
    contactId: row.id,
    profile: {
      ...(nickname ? { nickname } : {}),
      slug: slugOf(row),
      ...(profile.picture ? { photo: { url: profile.picture } } : {}),
      ...(profile.title ? { title: profile.title } : {}),
    },
    status: 'UNKNOWN',
    privacyStatus: 'UNKNOWN',
    activityStatus: 'UNKNOWN',
    createdDate: row.createdDate,
    updatedDate: row.updatedDate,
  };
  if (fieldset === 'PUBLIC') return base;
  const extended: WireMember = {
    ...base,
    loginEmail: row.email,
    status: STATUS[row.status],
    privacyStatus: profile.privacyStatus ?? 'PRIVATE',
    activityStatus: 'ACTIVE',
  };
  if (fieldset === 'EXTENDED') return extended;
  return {
    ...extended,
    loginEmailVerified: row.emailVerified,
    contact: {
      ...(profile.firstName ? { firstName: profile.firstName } : {}),
      ...(profile.lastName ? { lastName: profile.lastName } : {}),
      phones: profile.phones ?? [],
      emails: profile.emails ?? [],
      addresses: (profile.addresses ?? []).map(addressOut),
      ...(profile.birthdate ? { birthdate: profile.birthdate } : {}),
      ...(profile.company ? { company: profile.company } : {}),
      ...(profile.jobTitle ? { jobTitle: profile.jobTitle } : {}),
    },
  };
}
