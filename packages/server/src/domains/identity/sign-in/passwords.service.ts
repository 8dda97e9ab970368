import { hash, verify } from '@node-rs/argon2';
import { invalidField } from '../../../lib/http/errors.js';

// argon2id with the library's defaults (19 MiB, 2 passes, 1 lane): OWASP's minimum recommendation.
const MAX_PASSWORD_LENGTH = 256; // bounds the hashing work one request can ask for

let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Checks a password against a stored hash. With no hash (unknown e-mail, or an identity without a
 * password) a dummy hash is checked anyway, so that the answer takes as long either way and response
 * times do not tell which e-mail addresses exist.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('openshelf-dummy-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** The password policy, reported as a field violation (spec §5 MIN_LENGTH / MAX_LENGTH). */
export function checkPasswordPolicy(password: string, minLength: number, field = 'password'): void {
  if (password.length < minLength) {
    throw invalidField(field, 'MIN_LENGTH', `must be at least ${minLength} characters long`, {
      threshold: minLength,
      type: 'PASSWORD',
    });
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw invalidField(field, 'MAX_LENGTH', `must be at most ${MAX_PASSWORD_LENGTH} characters long`, {
      threshold: MAX_PASSWORD_LENGTH,
      type: 'PASSWORD',
    });
  }
}
