import { Violations } from '../../../lib/http/violations.js';
import type { StoredAddress, StoredCustomField, StoredProfile } from '../identity.schema.js';

/** A custom field as services see it: numbers (incl. NaN/±Infinity), dates, text or flags. */
export interface CustomField {
  name: string;
  value: string | number | boolean | Date;
}

/** The identity profile (spec §3) in domain terms. */
export interface Profile {
  firstName?: string;
  lastName?: string;
  nickname?: string;
  picture?: string;
  language?: string;
  emails?: string[];
  phones?: string[];
  addresses?: StoredAddress[];
  customFields?: CustomField[];
  /** Members API contact details and profile title (YYYY-MM-DD for the birthdate). */
  birthdate?: string;
  company?: string;
  jobTitle?: string;
  title?: string;
}

/** The profile's parts a change may name; a named one replaces the stored one, the others are kept. */
export const PROFILE_KEYS = [
  'firstName',
  'lastName',
  'nickname',
  'picture',
  'language',
  'emails',
  'phones',
  'addresses',
  'customFields',
  'birthdate',
  'company',
  'jobTitle',
  'title',
] as const satisfies readonly (keyof Profile)[];

const BIRTHDATE = /^\d{4}-\d{2}-\d{2}$/;

const MAX_ITEMS = 50;
const MAX_TEXT = 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trims and lower-cases an e-mail address; undefined when it is not one. */
export function normalizeEmail(raw: string | undefined | null): string | undefined {
  const email = raw?.trim().toLowerCase();
  return email && email.length <= 254 && EMAIL.test(email) ? email : undefined;
}

/** Checks a profile's content (the contract checks its shape) and returns the stored form. */
export function toStoredProfile(profile: Profile, field = 'profile'): StoredProfile {
  const violations = new Violations();
  const stored: StoredProfile = {};
  for (const key of [
    'firstName',
    'lastName',
    'nickname',
    'picture',
    'language',
    'birthdate',
    'company',
    'jobTitle',
    'title',
  ] as const) {
    const value = profile[key]?.trim();
    if (value === undefined || value === '') continue;
    if (value.length > MAX_TEXT) {
      violations.push({
        field: `${field}.${key}`,
        violatedRule: 'MAX_LENGTH',
        description: `must be at most ${MAX_TEXT} characters long`,
        data: { threshold: MAX_TEXT },
      });
    }
    stored[key] = value;
  }
  if (
    stored.birthdate &&
    !(BIRTHDATE.test(stored.birthdate) && !Number.isNaN(Date.parse(stored.birthdate)))
  ) {
    violations.push({
      field: `${field}.birthdate`,
      violatedRule: 'FORMAT',
      description: 'must be a date, YYYY-MM-DD',
      data: { type: 'DATE' },
    });
  }
  if (profile.emails?.length) {
    stored.emails = profile.emails.map((email, index) => {
      const normalized = normalizeEmail(email);
      if (!normalized) {
        violations.push({
          field: `${field}.emails[${index}]`,
          violatedRule: 'FORMAT',
          description: 'must be an e-mail address',
          data: { type: 'EMAIL' },
        });
      }
      return normalized ?? email;
    });
  }
  if (profile.phones?.length) stored.phones = profile.phones.map((phone) => phone.trim()).filter(Boolean);
  if (profile.addresses?.length) stored.addresses = profile.addresses.map(cleanAddress);
  if (profile.customFields?.length) {
    stored.customFields = profile.customFields.map((custom, index) => {
      if (!custom.name.trim()) {
        violations.push({
          field: `${field}.customFields[${index}].name`,
          violatedRule: 'REQUIRED_FIELD',
          description: 'is required',
          data: {},
        });
      }
      return toStoredCustomField(custom);
    });
  }
  for (const key of ['emails', 'phones', 'addresses', 'customFields'] as const) {
    if ((stored[key]?.length ?? 0) > MAX_ITEMS) {
      violations.push({
        field: `${field}.${key}`,
        violatedRule: 'MAX_SIZE',
        description: `must have at most ${MAX_ITEMS} items`,
        data: { threshold: MAX_ITEMS },
      });
    }
  }
  violations.throwIfAny();
  return stored;
}

export function fromStoredProfile(stored: StoredProfile): Profile {
  const { customFields, ...rest } = stored;
  return { ...rest, ...(customFields ? { customFields: customFields.map(fromStoredCustomField) } : {}) };
}

function toStoredCustomField(custom: CustomField): StoredCustomField {
  const name = custom.name.trim();
  const { value } = custom;
  if (value instanceof Date) return { name, kind: 'date', value: value.toISOString() };
  if (typeof value === 'number')
    return { name, kind: 'num', value: Number.isFinite(value) ? value : String(value) };
  if (typeof value === 'boolean') return { name, kind: 'bool', value };
  return { name, kind: 'str', value };
}

function fromStoredCustomField(stored: StoredCustomField): CustomField {
  switch (stored.kind) {
    case 'date':
      return { name: stored.name, value: new Date(stored.value) };
    case 'num':
      return { name: stored.name, value: Number(stored.value) };
    default:
      return { name: stored.name, value: stored.value };
  }
}

/** The parts of an address the members API's contact view shows, and so the parts its updateMember sends. */
const MEMBERS_VIEW_KEYS = [
  'addressLine1',
  'addressLine2',
  'city',
  'subdivision',
  'country',
  'postalCode',
] as const;

function cleanAddress(address: StoredAddress): StoredAddress {
  const out: StoredAddress = {};
  for (const key of ['tag', ...MEMBERS_VIEW_KEYS] as const) {
    const value = address[key]?.trim();
    if (value) out[key] = value;
  }
  const formatted = address.formattedAddress?.trim();
  if (formatted) out.formattedAddress = formatted;
  if (
    address.geocode &&
    (address.geocode.latitude !== undefined || address.geocode.longitude !== undefined)
  ) {
    out.geocode = {
      ...(address.geocode.latitude !== undefined ? { latitude: address.geocode.latitude } : {}),
      ...(address.geocode.longitude !== undefined ? { longitude: address.geocode.longitude } : {}),
    };
  }
  if (address.street) {
    const street: NonNullable<StoredAddress['street']> = {};
    for (const key of ['name', 'number', 'apt'] as const) {
      const value = address.street[key]?.trim();
      if (value) street[key] = value;
    }
    if (Object.keys(street).length > 0) out.street = street;
  }
  return out;
}

function sameInMembersView(a: StoredAddress, b: StoredAddress): boolean {
  return (
    MEMBERS_VIEW_KEYS.every((key) => (a[key] ?? '') === (b[key] ?? '')) &&
    (a.street?.name ?? '') === (b.street?.name ?? '') &&
    (a.street?.number ?? '') === (b.street?.number ?? '')
  );
}

/**
 * Addresses an app sends through the members API (`updateMember`), completed from the stored ones. That
 * view has no tag, apartment, formatted address or geocode, so an app that sends back what it read would
 * otherwise erase them: an address sent back as it was keeps all its stored parts, and one edited in its
 * place keeps its tag (its geocode and formatted address described the old place, so they go).
 */
export function withHiddenAddressParts(stored: StoredAddress[], sent: StoredAddress[]): StoredAddress[] {
  const unused = new Set(stored.keys());
  const kept = sent.map((address) => {
    const match = [...unused].find((index) => sameInMembersView(stored[index] as StoredAddress, address));
    if (match === undefined) return undefined;
    unused.delete(match);
    return stored[match] as StoredAddress;
  });
  return sent.map((address, index) => {
    const same = kept[index];
    if (same) return same;
    const before = unused.has(index) ? stored[index] : undefined;
    return before?.tag && !address.tag ? { ...address, tag: before.tag } : address;
  });
}
