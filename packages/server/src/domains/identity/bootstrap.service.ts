import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client.js';
import type { OAuthClient } from './identity.schema.js';
import { createOAuthClient, findBundledClient, updateOAuthClient } from './oauth/oauth-clients.service.js';

export { ensureOwnerStaff, ownerLoginFileIn } from './members/staff.service.js';

/**
 * The OAuth client of the storefront this process serves: created on first start (its id written to
 * `<dataDir>/storefront-client-id.txt`), and kept registered for the current PUBLIC_URL when that
 * changes: its origin, and its exact sign-in callback (`<origin>/callback`, where the storefront's direct
 * login exchanges codes). Returns the client and whether it was just created.
 */
export async function ensureBundledStorefrontClient(
  db: Db,
  publicUrl: string,
  dataDir: string,
): Promise<{ client: OAuthClient; created: boolean; file?: string }> {
  const origin = new URL(publicUrl).origin;
  const callback = `${origin}/callback`;
  const existing = await findBundledClient(db);
  if (existing) {
    if (existing.allowedOrigins.includes(origin) && existing.redirectUris.includes(callback))
      return { client: existing, created: false };
    const client = await updateOAuthClient(
      db,
      existing.id,
      {
        allowedOrigins: [...new Set([...existing.allowedOrigins, origin])],
        redirectUris: [...new Set([...existing.redirectUris, callback])],
      },
      { publicUrl },
    );
    return { client, created: false };
  }
  const { client } = await createOAuthClient(
    db,
    {
      name: 'Bundled storefront',
      kind: 'public',
      redirectUris: [callback],
      allowedOrigins: [origin],
      bundled: true,
    },
    { publicUrl },
  );
  const file = path.join(dataDir, 'storefront-client-id.txt');
  writeFileSync(file, `${client.id}\n`);
  return { client, created: true, file };
}
