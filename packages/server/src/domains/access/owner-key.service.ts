import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client.js';
import { countActiveOwnerKeys, createApiKey } from './apikeys.service.js';

/**
 * First start of the embedded store: with no owner key yet, create one and write it to
 * `<dataDir>/owner-api-key.txt` (readable by this user only), so a person running `npm start` can use
 * the admin straight away. Returns the file path when a key was created.
 */
export async function ensureOwnerKey(
  db: Db,
  dataDir: string,
): Promise<{ file: string; secret: string } | undefined> {
  if ((await countActiveOwnerKeys(db)) > 0) return undefined;
  const key = await createApiKey(db, { name: 'Owner (created on first start)', role: 'owner' });
  const file = path.join(dataDir, 'owner-api-key.txt');
  writeFileSync(file, `${key.secret}\n`, { mode: 0o600 });
  return { file, secret: key.secret };
}
