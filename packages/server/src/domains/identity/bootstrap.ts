import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client.js';
import {
  createOAuthClient,
  findBundledClient,
  type OAuthClient,
  updateOAuthClient,
} from './oauth-clients.service.js';

export { ensureOwnerStaff, ownerLoginFileIn } from './staff.service.js';

/**
 * The OAuth client of the storefront this process serves: created on first start (its id written to
 * `<dataDir>/storefront-client-id.txt`), and kept allowed on the current PUBLIC_URL's origin when that
 * changes. Returns the client and whether it was just created.
 */
export async function ensureBundledStorefrontClient(
  db: Db,
  publicUrl: string,
  dataDir: string,
): Promise<{ client: OAuthClient; created: boolean; file?: string }> {
  const origin = new URL(publicUrl).origin;
  const existing = await findBundledClient(db);
  if (existing) {
    if (existing.allowedOrigins.includes(origin)) return { client: existing, created: false };
    const client = await updateOAuthClient(db, existing.id, {
      allowedOrigins: [...existing.allowedOrigins, origin],
    });
    return { client, created: false };
  }
  const { client } = await createOAuthClient(db, {
    name: 'Bundled storefront',
    kind: 'public',
    redirectUris: [`${origin}/callback`],
    allowedOrigins: [origin],
    bundled: true,
  });
  const file = path.join(dataDir, 'storefront-client-id.txt');
  writeFileSync(file, `${client.id}\n`);
  return { client, created: true, file };
}
