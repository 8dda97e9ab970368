import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, visitorTokens } from '../../testing/identity.js';
import { createTestApp, merchantKey, type TestApp } from '../../testing/index.js';

// Bad input must always be a 4xx (never a 500, never a SQL error): arbitrary JSON, NUL characters and
// odd shapes thrown at every identity and redirect call, as a visitor and anonymously.
let t: TestApp;
let visitor: string;

beforeAll(async () => {
  t = await createTestApp();
  const { clientId } = await createClient(t, await merchantKey(t.database));
  visitor = (await visitorTokens(t, clientId)).access_token;
});
afterAll(() => t.close());

const POSTS = [
  '/_api/iam/authentication/v2/register',
  '/_api/iam/authentication/v2/login',
  '/_api/iam/authentication/v2/change-password',
  '/_api/iam/authentication/v2/sign-on',
  '/_api/iam/authentication/v2/totp/verify',
  '/_api/iam/verification/v1/auth/verify',
  '/_api/iam/verification/v1/auth/resend',
  '/_api/iam/verification/v1/start',
  '/_api/iam/recovery/v1/send-email',
  '/_api/iam/recovery/v1/recover',
  '/oauth2/token',
  '/oauth2/token-info',
  '/_api/redirects-api/v1/redirect-session',
  '/admin-api/v1/auth/login',
];
const GETS = [
  '/oauth2/authorize',
  '/oauth2/logout',
  '/_api/iam/authentication/v1/callback',
  '/_api/iam/authentication/v1/logout',
  '/_api/iam/captcha/v1/challenge',
];

const text = fc.oneof(
  fc.string(),
  fc.constant('a\u0000b'),
  fc.constant('x'.repeat(5000)),
  fc.constant('osr_\u0000'),
  fc.constant('eyJ.eyJ.x'),
);
const shapes = fc.oneof(
  fc.jsonValue(),
  fc.record({
    loginId: fc.oneof(fc.record({ email: text }), text),
    password: text,
    captchaTokens: fc.array(fc.record({ Recaptcha: text })),
  }),
  fc.record({
    grantType: fc.constantFrom('anonymous', 'refresh_token', 'authorization_code', 'authorized_client'),
    clientId: text,
    refreshToken: text,
    code: text,
    codeVerifier: text,
  }),
  fc.record({ code: text, stateToken: text, email: text, recoveryToken: text, token: text }),
  fc.record({
    ecomCheckout: fc.record({ checkoutId: text }),
    callbacks: fc.record({ postFlowUrl: text }),
    auth: fc.record({ authRequest: fc.record({ clientId: text, redirectUri: text }) }),
  }),
);

describe('hostile input', () => {
  it('answers every POST with a 2xx or 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POSTS), shapes, fc.boolean(), async (url, body, asVisitor) => {
        const reply = await t.app.inject({
          method: 'POST',
          url,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json', ...(asVisitor ? { authorization: visitor } : {}) },
        });
        expect(
          reply.statusCode,
          `${url} ${JSON.stringify(body).slice(0, 200)} → ${reply.body.slice(0, 300)}`,
        ).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });

  it('answers every browser GET with a redirect, a page or a 4xx, never a 5xx', async () => {
    const params = fc.dictionary(
      fc.constantFrom(
        'client_id',
        'redirect_uri',
        'state',
        'sessionToken',
        'response_mode',
        'prompt',
        'siteKey',
        'post_logout_redirect_uri',
        'logout_token',
        'code_challenge',
      ),
      text,
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GETS), params, async (url, query) => {
        const reply = await t.app.inject(`${url}?${new URLSearchParams(query)}`);
        expect(
          reply.statusCode,
          `${url} ${JSON.stringify(query).slice(0, 200)} → ${reply.body.slice(0, 300)}`,
        ).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses NUL characters as a field violation', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/_api/iam/authentication/v2/login',
      payload: { loginId: { email: 'a\u0000@b.co' }, password: 'x' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: 'loginId.email',
      violatedRule: 'FORMAT',
    });
  });
});
