import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestStore } from '../../../testing/ecom.js';
import { post, uniqueEmail } from '../../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../../testing/index.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp.js';

/*
 * The store's name, logo and contact e-mail (issue #22): kept in the settings row, STORE_NAME until the
 * owner sets a name, checked field by field, and used by e-mails (From, Reply-To, text) and the API docs.
 */
let t: TestApp;
let smtp: TestSmtpServer;
let owner: string;
let staff: string;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: { STORE_NAME: 'Env Store', SMTP_URL: smtp.url } });
  owner = await merchantKey(t.database, 'owner');
  staff = await merchantKey(t.database, 'staff');
  await setUpTestStore(t.database.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const settings = (token: string, body?: object) =>
  t.app.inject({
    method: body ? 'PATCH' : 'GET',
    url: '/admin-api/v1/store-settings',
    headers: { authorization: token },
    ...(body ? { payload: { settings: body } } : {}),
  });
const violations = (reply: { json(): unknown }) =>
  (
    reply.json() as {
      details: { validationError: { fieldViolations: { field: string; violatedRule: string }[] } };
    }
  ).details.validationError.fieldViolations.map((v) => `${v.field} ${v.violatedRule}`);

async function uploadImage(name: string, data: Buffer): Promise<string> {
  const boundary = '----identity';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const reply = await t.app.inject({
    method: 'POST',
    url: '/admin-api/v1/media',
    payload,
    headers: { authorization: owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().file.id;
}

describe('store name, logo and contact e-mail', () => {
  it('defaults to the environment, and only the owner changes them', async () => {
    expect((await settings(staff)).json().settings).toMatchObject({
      storeName: 'Env Store',
      storeNameSet: false,
    });
    expect((await settings(staff)).json().settings.contactEmail).toBeUndefined();
    expect((await settings(staff, { storeName: 'Mine' })).statusCode).toBe(403);
  });

  it('refuses bad values naming the field and the rule, and keeps nothing of a refused change', async () => {
    const pdf = await uploadImage('terms.pdf', Buffer.from('%PDF-1.4\n%%EOF'));
    const bad = await settings(owner, {
      storeName: '   ',
      contactEmail: 'nobody',
      logoMediaId: pdf,
      weightUnit: 'LB',
    });
    expect(bad.statusCode).toBe(400);
    expect(violations(bad)).toEqual([
      'settings.contactEmail FORMAT',
      'settings.logoMediaId VALIDATION',
      'settings.storeName MIN_LENGTH',
    ]);
    expect(violations(await settings(owner, { storeName: 'x'.repeat(81) }))).toEqual([
      'settings.storeName MAX_LENGTH',
    ]);
    expect(violations(await settings(owner, { logoMediaId: 'no-such-file' }))).toEqual([
      'settings.logoMediaId VALIDATION',
    ]);
    expect((await settings(owner)).json().settings).toMatchObject({
      storeName: 'Env Store',
      storeNameSet: false,
      weightUnit: 'KG',
    });
  });

  it('keeps what the owner sets; e-mails and the API documentation use it at once', async () => {
    const logo = await uploadImage(
      'logo.png',
      await sharp({ create: { width: 90, height: 30, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
    );
    const changed = await settings(owner, {
      storeName: '  Harbor   & Pine ',
      contactEmail: 'hello@harbor.example',
      logoMediaId: logo,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().settings).toMatchObject({
      storeName: 'Harbor & Pine',
      storeNameSet: true,
      contactEmail: 'hello@harbor.example',
      logo: { mediaId: logo, url: `${t.config.publicUrl}/media/${logo}/logo.png`, width: 90, height: 30 },
    });
    expect((await t.app.inject('/docs/json')).json().info.title).toBe('Harbor & Pine API');

    // A shopper's sign-up code: From carries the store's name, replies go to the contact address.
    const email = uniqueEmail('identity');
    const registered = await post(t, '/_api/iam/authentication/v2/register', {
      loginId: { email },
      password: 'secret123!',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const mail = await smtp.waitFor((received) => received.to.includes(email));
    expect(mail.raw).toMatch(/^From: "Harbor & Pine" <no-reply@/m);
    expect(mail.raw).toMatch(/^Reply-To: hello@harbor\.example/m);
    expect(mail.text).toContain('Harbor & Pine');

    // null goes back to the defaults.
    const reset = await settings(owner, { storeName: null, contactEmail: null, logoMediaId: null });
    expect(reset.json().settings).toMatchObject({ storeName: 'Env Store', storeNameSet: false });
    expect(reset.json().settings.logo).toBeUndefined();
    expect(reset.json().settings.contactEmail).toBeUndefined();
    expect((await t.app.inject('/docs/json')).json().info.title).toBe('Env Store API');
  });
});
