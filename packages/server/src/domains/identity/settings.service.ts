import { eq, sql } from 'drizzle-orm';
import type { CaptchaMode, IdentityConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { identitySecrets, identitySettings } from './identity.schema.js';
import { newOpaqueToken } from './secrets.rules.js';

/** Sign-up settings of the store: stored by the owner, or the configured defaults until then. */
export interface IdentitySettings {
  requireEmailVerification: boolean;
  requireOwnerApproval: boolean;
  captchaMode: CaptchaMode;
}

const SETTINGS_ID = 'store';

export async function getIdentitySettings(db: DbOrTx, defaults: IdentityConfig): Promise<IdentitySettings> {
  const [row] = await db.select().from(identitySettings).where(eq(identitySettings.id, SETTINGS_ID));
  return row
    ? {
        requireEmailVerification: row.requireEmailVerification,
        requireOwnerApproval: row.requireOwnerApproval,
        captchaMode: row.captchaMode,
      }
    : {
        requireEmailVerification: defaults.requireEmailVerification,
        requireOwnerApproval: defaults.requireOwnerApproval,
        captchaMode: defaults.captchaMode,
      };
}

export async function updateIdentitySettings(
  db: DbOrTx,
  defaults: IdentityConfig,
  patch: Partial<IdentitySettings>,
): Promise<IdentitySettings> {
  const next = { ...(await getIdentitySettings(db, defaults)), ...patch };
  await db
    .insert(identitySettings)
    .values({ id: SETTINGS_ID, ...next })
    .onConflictDoUpdate({ target: identitySettings.id, set: { ...next, updatedDate: sql`now()` } });
  return next;
}

/**
 * A secret the server keeps for itself, generated on first use. Several processes may race to create
 * it; the first insert wins and everyone reads that one.
 */
export async function serverSecret(db: DbOrTx, name: string): Promise<string> {
  await db.insert(identitySecrets).values({ name, value: newOpaqueToken() }).onConflictDoNothing();
  const [row] = await db.select().from(identitySecrets).where(eq(identitySecrets.name, name));
  return (row as { value: string }).value;
}
