import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, merchantKey, type TestApp, visitorToken } from '../../testing/index.js';
import { MAIL_TEMPLATE_NAMES } from './mail-templates.contract.js';

let t: TestApp;
let owner: string;
let staff: string;
let app: string;

beforeAll(async () => {
  t = await createTestApp({ env: { STORE_NAME: 'Env Store' } });
  owner = await merchantKey(t.database, 'owner');
  staff = await merchantKey(t.database, 'staff');
  app = await merchantKey(t.database, 'app');
  await t.app.inject({
    method: 'PATCH',
    url: '/admin-api/v1/store-settings',
    headers: { authorization: owner },
    payload: { settings: { storeName: 'Harbor & Pine', contactEmail: 'hello@harbor.example' } },
  });
});
afterAll(() => t.close());

const get = (url: string, authorization?: string) =>
  t.app.inject({ url, ...(authorization ? { headers: { authorization } } : {}) });

describe('e-mail previews (admin)', () => {
  it('lists every e-mail the store sends and writes each with sample data and the store identity', async () => {
    const list = await get('/admin-api/v1/emails', staff);
    expect(list.statusCode).toBe(200);
    expect(list.json().emails.map((email: { name: string }) => email.name)).toEqual([...MAIL_TEMPLATE_NAMES]);
    for (const name of MAIL_TEMPLATE_NAMES) {
      const reply = await get(`/admin-api/v1/emails/${name}/preview`, staff);
      expect(reply.statusCode, name).toBe(200);
      const { email } = reply.json();
      expect(email.html, name).toContain('lang="en"');
      expect(email.html, name).toContain('Harbor &amp; Pine');
      expect(email.text, name).toContain('Harbor & Pine');
      expect(email.text, name).toContain('hello@harbor.example');
      expect(email.subject.length, name).toBeGreaterThan(5);
    }
    const confirmation = (await get('/admin-api/v1/emails/order-confirmation/preview', staff)).json().email;
    expect(confirmation.text).toMatch(/Linen shirt\s+2\s+\$45\.00\s+\$90\.00/);
    expect(confirmation.text).toContain('Color: Sand');
    expect(confirmation.html).toContain('Boston, MA 02110');
  });

  it('is for staff only, and names the e-mail a bad name does not match', async () => {
    expect((await get('/admin-api/v1/emails')).statusCode).toBe(401);
    expect((await get('/admin-api/v1/emails', visitorToken('v-peek'))).statusCode).toBe(403);
    expect((await get('/admin-api/v1/emails/refund/preview', app)).statusCode).toBe(403);
    const unknown = await get('/admin-api/v1/emails/newsletter/preview', owner);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('name');
  });
});
