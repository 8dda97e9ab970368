import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceHealth } from '../../lib/service-health.js';
import type { TestDatabase } from '../../testing/database.js';
import { createClient, visitorTokens } from '../../testing/identity.js';
import { createTestApp, createTestDatabase, merchantKey, type TestApp } from '../../testing/index.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp.js';
import { createMailer, listMailbox } from './mail.service.js';
import { mailQueueState } from './mail-queue.service.js';

let smtp: TestSmtpServer;
let database: TestDatabase;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  database = await createTestDatabase();
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});

const message = {
  to: 'ada@example.com',
  subject: 'Hello Ada',
  text: 'Plain ünïcode text\nwith a link https://store.example/x?a=1&b=2',
  html: '<p>Hi <b>Ada</b></p>',
  tags: ['test'],
};

describe('mailer', () => {
  it('sends HTML and text over SMTP when SMTP_URL is set (and stores nothing)', async () => {
    const mailer = createMailer({
      db: database.db,
      from: '"Store" <no-reply@store.example>',
      smtpUrl: smtp.url,
    });
    const sent = await mailer.send(message);
    expect(sent.delivery).toBe('smtp');
    const received = await smtp.waitFor((mail) => mail.subject === 'Hello Ada');
    expect(received.to).toEqual(['ada@example.com']);
    expect(received.text).toContain('Plain ünïcode text');
    expect(received.text).toContain('https://store.example/x?a=1&b=2');
    expect(received.html).toContain('<b>Ada</b>');
    expect(received.raw).toContain('X-Openshelf-Tags: test');
    expect(await listMailbox(database.db)).toEqual([]);
    await mailer.close();
  });

  it('stores the message for the development mailbox without SMTP_URL', async () => {
    const mailer = createMailer({ db: database.db, from: 'Store <no-reply@localhost>' });
    expect((await mailer.send(message)).delivery).toBe('mailbox');
    expect((await listMailbox(database.db, { to: 'ada@example.com' }))[0]).toMatchObject({
      subject: 'Hello Ada',
      tags: ['test'],
    });
  });
});

describe('mailer with the SMTP server down', () => {
  let down: TestSmtpServer;
  beforeAll(async () => {
    down = await startTestSmtpServer();
  });
  afterAll(() => down.close());

  it('queues what the server does not take and sends it, once, when the server is back', async () => {
    const health = new ServiceHealth();
    const now = new Date('2031-03-01T10:00:00Z');
    const mailer = createMailer({
      db: database.db,
      from: 'x@store.example',
      smtpUrl: down.url,
      health,
      clock: () => now,
    });
    await down.stop();
    const first = await mailer.send({ ...message, subject: 'Queued one' });
    expect(first.delivery).toBe('queued');
    expect(health.degraded()).toEqual([expect.objectContaining({ service: 'smtp' })]);
    // Known to be down: the next message is queued without waiting for a connection to fail.
    const started = performance.now();
    expect((await mailer.send({ ...message, subject: 'Queued two' })).delivery).toBe('queued');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await mailQueueState(database.db)).toEqual({ pending: 2, failed: 0 });

    // Still down: a round asks the server, takes nothing from the queue and spends no attempt.
    expect(await mailer.deliverQueued()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    await down.resume();
    // Back: the next round finds it answering and sends both, although the first was not due for 30 s.
    expect(await mailer.deliverQueued()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(health.degraded()).toEqual([]);
    await down.waitFor((mail) => mail.subject === 'Queued two');
    await down.waitFor((mail) => mail.subject === 'Queued one');
    expect(await mailQueueState(database.db)).toEqual({ pending: 0, failed: 0 });
    expect(await mailer.deliverQueued()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(down.messages.filter((mail) => mail.subject.startsWith('Queued'))).toHaveLength(2);
    await mailer.close();
  });

  it('refuses at once what the server refuses for good (5xx), and queues nothing', async () => {
    const mailer = createMailer({ db: database.db, from: 'x@store.example', smtpUrl: down.url });
    await expect(mailer.send({ ...message, to: 'refused@example.com' })).rejects.toMatchObject({
      code: 'MAIL_REFUSED',
      status: 502,
    });
    expect(await mailQueueState(database.db)).toEqual({ pending: 0, failed: 0 });
    await mailer.close();
  });
});

describe('/dev/mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists stored mail as HTML and JSON and shows a message with its HTML part sandboxed', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/_api/iam/recovery/v1/send-email',
      payload: { email: 'nobody@example.com' },
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/_api/iam/authentication/v2/register',
      payload: {
        loginId: { email: 'eve@example.com' },
        password: 'secret123',
        profile: { nickname: '<script>x</script>' },
      },
    });
    expect(reset.json().state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const page = await t.app.inject('/dev/mailbox');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('eve@example.com');
    const { messages } = (await t.app.inject('/dev/mailbox/messages?to=eve@example.com')).json();
    expect(messages).toHaveLength(1);
    const view = await t.app.inject(`/dev/mailbox/${messages[0].id}`);
    expect(view.body).toContain('<iframe sandbox');
    expect(view.body).toContain('is your verification code');
    expect((await t.app.inject('/dev/mailbox/nope')).statusCode).toBe(404);
  });

  it('exists only with the explicit DEV_MAILBOX=open: a started store keeps mail for the owner alone', async () => {
    const store = await createTestApp({ env: { DEV_MAILBOX: 'off' } });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox/messages?to=eve@example.com'])
        expect((await store.app.inject(url)).statusCode).toBe(404);
    } finally {
      await store.close();
    }
  });
});

describe("the owner's mailbox (admin API)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEV_MAILBOX: 'off' } });
    await t.app.inject({
      method: 'POST',
      url: '/_api/iam/authentication/v2/register',
      payload: { loginId: { email: 'kim@example.com' }, password: 'secret123' },
    });
  });
  afterAll(() => t.close());

  const list = (authorization?: string) =>
    t.app.inject({
      url: '/admin-api/v1/mailbox/messages?to=kim@example.com',
      headers: authorization ? { authorization } : {},
    });

  it('lists and shows kept mail to the owner, uncached', async () => {
    const owner = await merchantKey(t.database, 'owner');
    const reply = await list(owner);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const { delivery, messages } = reply.json();
    expect(delivery).toBe('mailbox');
    expect(messages).toHaveLength(1);
    expect(messages[0].text).toMatch(/\d{6}/);
    const one = await t.app.inject({
      url: `/admin-api/v1/mailbox/messages/${messages[0].id}`,
      headers: { authorization: owner },
    });
    expect(one.json().message).toMatchObject({ id: messages[0].id, to: 'kim@example.com' });
    const missing = await t.app.inject({
      url: '/admin-api/v1/mailbox/messages/nope',
      headers: { authorization: owner },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().details.applicationError.code).toBe('MAIL_MESSAGE_NOT_FOUND');
  });

  it('refuses strangers, shoppers, staff and apps: the codes in it sign anyone in', async () => {
    expect((await list()).statusCode).toBe(401);
    const { clientId } = await createClient(t, await merchantKey(t.database, 'owner'));
    const visitor = await visitorTokens(t, clientId);
    expect((await list(`Bearer ${visitor.access_token}`)).statusCode).toBe(403);
    expect((await list(await merchantKey(t.database, 'staff'))).statusCode).toBe(403);
    expect((await list(await merchantKey(t.database, 'app'))).statusCode).toBe(403);
  });
});
