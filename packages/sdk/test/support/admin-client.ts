import { expect } from 'vitest';
import { type AdminClient, createAdminClient } from '../../src/index.js';
import { type AdminTestServer, createStaff, startAdminTestServer } from './admin-store.js';

/**
 * The admin client suites' set-up: the admin test server without the demo catalog, and an admin client
 * signed in as its owner (owner@shop.example) through the client's own login.
 */
export async function startSignedInAdmin(): Promise<{ server: AdminTestServer; admin: AdminClient }> {
  const server = await startAdminTestServer({ env: { DEMO_CATALOG: 'false' } });
  const { email, password } = await createStaff(server.t, 'owner@shop.example');
  const { accessToken, staff } = await createAdminClient({ baseUrl: server.baseUrl }).auth.login(
    email,
    password,
  );
  expect(staff.role).toBe('owner');
  return { server, admin: createAdminClient({ baseUrl: server.baseUrl, staffToken: accessToken }) };
}
