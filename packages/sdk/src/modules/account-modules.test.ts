import { describe, expect, it } from 'vitest';
import { createClient, type OpenshelfClient } from '../client.js';
import { ApplicationError, SystemError } from '../errors.js';
import { fakeFetch } from '../testing/fake-fetch.js';

// The account-side calls: subscriptions, saved payment methods, choosing a checkout's payment, the hosted
// page lookup and the auth module's account calls.

const SUBSCRIPTION = {
  id: 's1',
  startDate: '2026-04-01T09:00:00.000Z',
  nextBillingDate: '2026-04-15T09:00:00.000Z',
  canceledDate: '2026-04-02T09:00:00.000Z',
};
const ANY_REPLY = {
  subscriptions: [SUBSCRIPTION],
  subscription: SUBSCRIPTION,
  paymentMethods: [{ id: 'pm1', createdDate: '2026-04-01T09:00:00.000Z' }],
  paymentMethod: { type: 'CARD_TOKEN', card: { last4: '4242' } },
  kind: 'login',
  callbacks: { postFlowUrl: 'https://app.example/back' },
  flow: { id: 'f1', kind: 'login', callbacks: {} },
  tokens: { accessToken: 'a-2', refreshToken: 'r-2', expiresIn: 900, role: 'visitor' },
  state: 'SUCCESS',
  sessionToken: 'st-1',
  plans: [{ id: 'p1', createdDate: '2026-04-01T09:00:00.000Z', updatedDate: '2026-04-01T09:00:00.000Z' }],
  plan: { id: 'p1', createdDate: '2026-04-01T09:00:00.000Z', updatedDate: '2026-04-01T09:00:00.000Z' },
  memberships: [
    { id: 'ms1', expiresAt: '2026-05-01T09:00:00.000Z', createdDate: '2026-04-01T09:00:00.000Z' },
  ],
  preferences: { marketingEmails: { optIn: true }, updatedDate: '2026-04-01T09:00:00.000Z' },
};
const MEMBER = {
  accessToken: { value: 'access-1', expiresAt: 4_000_000_000 },
  refreshToken: { value: 'r', role: 'member' as const },
};

function setUp(reply: (url: string) => { status?: number; body?: unknown } = () => ({ body: ANY_REPLY })) {
  const fake = fakeFetch((request) => reply(request.url));
  const client = createClient({
    baseUrl: 'https://api.example/',
    clientId: 'client-1',
    fetch: fake.fetch,
    tokens: MEMBER,
  });
  return { client, fake };
}

type Case = [string, (client: OpenshelfClient) => Promise<unknown>, string, string, unknown?];
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
const CASES: Case[] = [
  ['subscriptions.list', (c) => c.subscriptions.list(), 'GET', '/ecom/v1/subscriptions'],
  [
    'subscriptions.cancel',
    (c) => c.subscriptions.cancel('s/1'),
    'POST',
    '/ecom/v1/subscriptions/s%2F1/cancel',
  ],
  ['paymentMethods.list', (c) => c.paymentMethods.list(), 'GET', '/ecom/v1/payment-methods'],
  ['paymentMethods.delete', (c) => c.paymentMethods.delete('pm1'), 'DELETE', '/ecom/v1/payment-methods/pm1'],
  [
    'checkout.selectPaymentMethod',
    (c) =>
      c.checkout.selectPaymentMethod('chk1', { type: 'SANDBOX_CARD', card }, { savePaymentMethod: true }),
    'POST',
    '/ecom/v1/checkouts/chk1/select-payment-method',
    { savePaymentMethod: true, paymentMethod: { type: 'SANDBOX_CARD', card } },
  ],
  [
    'redirects.enterHostedPage',
    (c) => c.redirects.enterHostedPage('osrs_1', 'client-9'),
    'POST',
    '/_api/redirects-api/v1/hosted-page',
    { session: 'osrs_1', clientId: 'client-9' },
  ],
  [
    'redirects.getHostedFlow',
    (c) => c.redirects.getHostedFlow('flow/1'),
    'GET',
    '/_api/redirects-api/v1/hosted-page/flow%2F1',
  ],
  [
    'auth.resendVerificationCode',
    (c) => c.auth.resendVerificationCode('state-1'),
    'POST',
    '/_api/iam/verification/v1/auth/resend',
    { stateToken: 'state-1' },
  ],
  [
    'auth.recoverPassword',
    (c) => c.auth.recoverPassword({ recoveryToken: 'rt', password: 'new-secret' }),
    'POST',
    '/_api/iam/recovery/v1/recover',
    { recoveryToken: 'rt', password: 'new-secret' },
  ],
  [
    'auth.changePassword',
    (c) => c.auth.changePassword('new-secret'),
    'POST',
    '/_api/iam/authentication/v2/change-password',
    { newPassword: 'new-secret' },
  ],
  [
    'auth.changePassword with the current password and a captcha',
    (c) =>
      c.auth.changePassword('new-secret', {
        currentPassword: 'old-secret',
        captchaTokens: { invisibleRecaptchaToken: 'solved' },
      }),
    'POST',
    '/_api/iam/authentication/v2/change-password',
    {
      newPassword: 'new-secret',
      currentPassword: 'old-secret',
      captchaTokens: [{ InvisibleRecaptcha: 'solved' }],
    },
  ],
  ['auth.endSession', (c) => c.auth.endSession(), 'GET', '/_api/iam/authentication/v1/logout'],
  [
    'plans.purchase',
    (c) => c.plans.purchase('p/1', { paymentMethod: { type: 'OFFLINE' }, idempotencyKey: 'key-12345' }),
    'POST',
    '/_api/plans/v1/plans/p%2F1/purchase',
    { paymentMethod: { type: 'OFFLINE' }, idempotencyKey: 'key-12345' },
  ],
  ['plans.memberships', (c) => c.plans.memberships(), 'GET', '/_api/plans/v1/memberships'],
  ['preferences.get', (c) => c.preferences.get(), 'GET', '/_api/preferences/v1/preferences/current'],
  [
    'preferences.update',
    (c) => c.preferences.update({ cookieConsent: { analytics: true } }),
    'PATCH',
    '/_api/preferences/v1/preferences/current',
    { preferences: { cookieConsent: { analytics: true } } },
  ],
  ['auth.getCaptchaSettings', (c) => c.auth.getCaptchaSettings(), 'GET', '/_api/iam/captcha/v1/settings'],
];

describe('account calls on the wire', () => {
  it.each(CASES)('%s', async (_name, call, method, path, body) => {
    const { client, fake } = setUp();
    await call(client);
    expect(fake.calls).toHaveLength(1);
    const sent = fake.calls[0]!;
    expect(sent.method).toBe(method);
    expect(sent.url).toBe(`https://api.example${path}`);
    expect(sent.body).toEqual(body);
    expect(sent.headers.authorization).toBe('access-1');
  });
});

describe('plans and preferences', () => {
  it('reads plans without minting a visitor, and turns their dates into Dates', async () => {
    const fake = fakeFetch(() => ({ body: ANY_REPLY }));
    const client = createClient({ baseUrl: 'https://api.example', clientId: 'client-1', fetch: fake.fetch });
    const [plan] = await client.plans.list();
    expect(plan?.createdDate).toBeInstanceOf(Date);
    expect((await client.plans.get('p1')).updatedDate).toBeInstanceOf(Date);
    expect(fake.calls.map((call) => call.url)).toEqual([
      'https://api.example/_api/plans/v1/plans',
      'https://api.example/_api/plans/v1/plans/p1',
    ]);
    expect(fake.calls.every((call) => call.headers.authorization === undefined)).toBe(true);
  });

  it('revives membership and preferences dates', async () => {
    const { client } = setUp();
    expect((await client.plans.memberships())[0]?.expiresAt).toBeInstanceOf(Date);
    expect((await client.preferences.get()).updatedDate).toBeInstanceOf(Date);
  });
});

describe('account replies', () => {
  it('turns subscription and saved-method dates into Dates', async () => {
    const { client } = setUp();
    const [subscription] = await client.subscriptions.list();
    expect(subscription?.startDate).toEqual(new Date(SUBSCRIPTION.startDate));
    expect(subscription?.nextBillingDate).toBeInstanceOf(Date);
    expect((await client.subscriptions.cancel('s1')).canceledDate).toBeInstanceOf(Date);
    expect((await client.paymentMethods.list())[0]?.createdDate).toBeInstanceOf(Date);
  });

  it('turns a hosted page hand-over into tokens the client can store', async () => {
    const { client } = setUp();
    const before = Math.floor(Date.now() / 1000);
    const { flow, tokens } = await client.redirects.enterHostedPage('osrs_1', 'client-9');
    expect(flow).toEqual({ id: 'f1', kind: 'login', callbacks: {} });
    expect(tokens?.refreshToken).toEqual({ value: 'r-2', role: 'visitor' });
    expect(tokens?.accessToken.value).toBe('a-2');
    expect(tokens?.accessToken.expiresAt).toBeGreaterThanOrEqual(before + 900);
    const again = setUp(() => ({ body: { flow: ANY_REPLY.flow } }));
    expect(await again.client.redirects.enterHostedPage('osrs_1', 'client-9')).toEqual({
      flow: ANY_REPLY.flow,
    });
  });

  it('returns the chosen method, the hosted page and the recovery login state', async () => {
    const { client } = setUp();
    expect(await client.checkout.selectPaymentMethod('chk1', { type: 'OFFLINE' })).toEqual(
      ANY_REPLY.paymentMethod,
    );
    expect(await client.redirects.getHostedFlow('f1')).toMatchObject({ kind: 'login' });
    expect(await client.auth.recoverPassword({ recoveryToken: 'rt', password: 'p' })).toMatchObject({
      loginState: 'SUCCESS',
      data: { sessionToken: 'st-1' },
    });
  });

  it('resends the code of the current EMAIL_VERIFICATION_REQUIRED state when no token is given', async () => {
    const { client, fake } = setUp((url) =>
      url.endsWith('/login')
        ? { body: { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'state-9' } }
        : { body: {} },
    );
    await expect(client.auth.resendVerificationCode()).rejects.toThrow(/needs a stateToken.*INITIAL/);
    expect(fake.calls).toHaveLength(0);
    await client.auth.login({ email: 'a@b.c', password: 'secret123' });
    await client.auth.resendVerificationCode();
    expect(fake.calls.at(-1)!.body).toEqual({ stateToken: 'state-9' });
  });

  it('endSession forgets the tokens, also when the server session had already ended', async () => {
    const { client } = setUp(() => ({ status: 401, body: { message: 'Session ended' } }));
    await client.auth.endSession();
    expect(client.auth.getTokens()).toBeUndefined();
    const down = setUp(() => ({ status: 503, body: { message: 'Unavailable' } }));
    await expect(down.client.auth.endSession()).rejects.toBeInstanceOf(SystemError);
    expect(down.client.auth.getTokens()).toEqual(MEMBER);
  });

  it('reports a foreign subscription as the server says (404 ApplicationError)', async () => {
    const { client } = setUp(() => ({ status: 404, body: { message: 'Subscription not found' } }));
    await expect(client.subscriptions.cancel('s2')).rejects.toBeInstanceOf(ApplicationError);
  });

  it('gives products and collections updatedDate, the same moment as lastUpdated', async () => {
    const dates = { createdDate: '2024-05-01T10:00:00.000Z', lastUpdated: '2024-05-02T10:00:00.000Z' };
    const { client } = setUp(() => ({
      body: { product: { id: 'p1', ...dates }, collection: { id: 'c1', ...dates } },
    }));
    const product = await client.products.get('p1');
    expect(product.updatedDate).toEqual(new Date(dates.lastUpdated));
    expect(product.lastUpdated).toEqual(product.updatedDate);
    expect((await client.collections.get('c1')).updatedDate).toEqual(new Date(dates.lastUpdated));
  });
});
