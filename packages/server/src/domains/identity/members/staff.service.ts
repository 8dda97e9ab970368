import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { AppError, invalidField } from '../../../lib/http/errors.js';
import { randomToken } from '../../../lib/ids.js';
import type { Caller } from '../../access/index.js';
import type { CaptchaTokenInput } from '../guards/captcha.service.js';
import type { IdentityDeps } from '../identity.deps.js';
import { STAFF_ROLES, type StaffRole, staffUsers } from '../identity.schema.js';
import { signAccessToken } from '../sessions/access-tokens.service.js';
import { createSession, revokeSessions } from '../sessions/sessions.service.js';
import { getIdentitySettings } from '../settings.service.js';
import { checkPasswordPolicy, hashPassword, verifyPassword } from '../sign-in/passwords.service.js';
import { normalizeEmail } from './profile.mapper.js';

export interface StaffUser {
  id: string;
  email: string;
  role: StaffRole;
  createdDate: Date;
  disabledDate: Date | null;
}

const GENERATED_PASSWORD_LENGTH = 20;

function toStaffUser(row: typeof staffUsers.$inferSelect): StaffUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdDate: row.createdDate,
    disabledDate: row.disabledDate,
  };
}

/** Creates a staff account; without a password one is generated and returned (shown once). */
export async function createStaffUser(
  db: DbOrTx,
  input: { email: string; role: StaffRole; password?: string; passwordMinLength?: number },
): Promise<{ staff: StaffUser; password: string }> {
  const email = normalizeEmail(input.email);
  if (!email) throw invalidField('email', 'FORMAT', 'must be a valid e-mail address', { type: 'EMAIL' });
  if (!STAFF_ROLES.includes(input.role))
    throw invalidField('role', 'INVALID_ENUM_VALUE', `must be one of: ${STAFF_ROLES.join(', ')}`);
  const password = input.password ?? randomToken(GENERATED_PASSWORD_LENGTH);
  checkPasswordPolicy(password, input.passwordMinLength ?? 8);
  try {
    const [row] = await db
      .insert(staffUsers)
      .values({ email, role: input.role, passwordHash: await hashPassword(password) })
      .returning();
    return { staff: toStaffUser(row as typeof staffUsers.$inferSelect), password };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('STAFF_ALREADY_EXISTS', 'Staff account exists', {
        status: 409,
        description: `A staff account for ${email} already exists.`,
      });
    }
    throw error;
  }
}

export async function listStaffUsers(db: DbOrTx): Promise<StaffUser[]> {
  const rows = await db.select().from(staffUsers).orderBy(asc(staffUsers.createdDate));
  return rows.map(toStaffUser);
}

/**
 * Staff sign-in for the admin UI: a signed staff token (audience `openshelf-admin`) for the
 * Authorization header. Failures ask for a captcha past the step-up thresholds, like shopper logins
 * (sign-in-guard.service.ts), and back off per address.
 */
export async function staffLogin(
  deps: IdentityDeps,
  input: { email: string; password: string; captchaTokens?: CaptchaTokenInput[] | undefined },
  ip: string,
): Promise<{ accessToken: string; expiresIn: number; staff: StaffUser }> {
  const email = normalizeEmail(input.email) ?? input.email.trim().toLowerCase();
  const addressLimit = [{ policy: 'staff-login:ip', key: ip }] as const;
  await deps.limiter.check(addressLimit);
  const settings = await getIdentitySettings(deps.db, deps.config.identity);
  const attempt = await deps.signIns.admit({
    flow: 'staff-login',
    ip,
    account: email,
    captchaMode: settings.captchaMode,
    captchaTokens: input.captchaTokens,
  });
  const [row] = await deps.db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.email, email), isNull(staffUsers.disabledDate)));
  if (!(await verifyPassword(row?.passwordHash, input.password)) || !row) {
    await deps.limiter.fail(addressLimit);
    throw new AppError('INVALID_CREDENTIALS', 'Wrong e-mail or password', {
      status: 401,
      description:
        'The e-mail address or the password is wrong. The owner can create or reset staff accounts with the CLI.',
    });
  }
  await attempt.succeeded();
  const now = deps.clock();
  const ttlSeconds = deps.config.identity.staffSessionTtlHours * 3600;
  const { session } = await createSession(deps.db, {
    role: 'staff',
    staffId: row.id,
    expiresDate: new Date(now.getTime() + ttlSeconds * 1000),
    withRefreshToken: false,
    authenticatedDate: now,
    now,
  });
  const accessToken = await signAccessToken(
    deps.keys,
    { role: 'staff', sessionId: session.id, staffId: row.id, staffRole: row.role },
    { issuer: deps.issuer, now, ttlSeconds },
  );
  return { accessToken, expiresIn: ttlSeconds, staff: toStaffUser(row) };
}

export async function staffLogout(deps: IdentityDeps, caller: Caller): Promise<void> {
  if (caller.kind !== 'staff' || !caller.sessionId) return;
  const revoked = await revokeSessions(deps.db, [caller.sessionId], 'staff logout', deps.clock());
  deps.sessions.markRevoked(revoked);
}

export async function getStaffUser(db: DbOrTx, id: string): Promise<StaffUser | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id));
  return row ? toStaffUser(row) : undefined;
}

/** Where the embedded store wrote the owner's generated login, if it still exists. */
export function ownerLoginFileIn(dataDir: string): string | undefined {
  const file = path.join(dataDir, OWNER_LOGIN_FILE);
  return existsSync(file) ? file : undefined;
}

const OWNER_LOGIN_FILE = 'owner-login.txt';

/**
 * First start of the embedded store: with no staff account yet, create the owner with a generated
 * password written to `<dataDir>/owner-login.txt` (mode 600).
 */
export async function ensureOwnerStaff(
  db: Db,
  dataDir: string,
  email = 'owner@localhost.test',
): Promise<{ file: string; email: string; password: string } | undefined> {
  const existing = await db.select({ id: staffUsers.id }).from(staffUsers).limit(1);
  if (existing.length > 0) return undefined;
  const { staff, password } = await createStaffUser(db, { email, role: 'owner' });
  const file = path.join(dataDir, OWNER_LOGIN_FILE);
  writeFileSync(file, `e-mail: ${staff.email}\npassword: ${password}\n`, { mode: 0o600 });
  return { file, email: staff.email, password };
}
