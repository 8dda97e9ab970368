import type { StoredProfile } from '../identity.schema.js';

/** A profile slug: lower-case letters, digits and single hyphens ("jane-doe"), at most 100 characters. */
export const SLUG_FORMAT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 100;
/** Room left after a derived base for the "-2", "-3" … that keeps slugs unique. */
const DERIVED_BASE_MAX = 60;

/** `text` as a slug: accents dropped, anything but letters and digits turned into single hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, DERIVED_BASE_MAX)
    .replace(/^-+|-+$/g, '');
}

/**
 * The slug a new member starts with, as the platform derives it: from the nickname, else the first and
 * last name, else the e-mail address's local part ("member" when none of them has a letter or digit).
 */
export function baseSlugOf(profile: StoredProfile, email: string): string {
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  for (const source of [profile.nickname, name, email.split('@')[0]]) {
    const slug = source ? slugify(source) : '';
    if (slug) return slug;
  }
  return 'member';
}

/** The first of `base`, `base-2`, `base-3` … that is not in `taken`. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
