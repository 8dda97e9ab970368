import { describe, expect, it } from 'vitest';
import { setUp } from '../testing/module-client.js';

// The member's factor calls and "continue as": the paths and bodies the server serves.

describe('auth factor calls', () => {
  it('post to /_api/iam/factors/v1/{factorType}/… with the member’s token', async () => {
    const { client, fake } = setUp({ factorId: 'f1', secret: 'ABC', otpauthUri: 'otpauth://totp/x' });
    expect(await client.auth.enrollFactor('TOTP')).toEqual({
      factorId: 'f1',
      secret: 'ABC',
      otpauthUri: 'otpauth://totp/x',
    });
    await client.auth.activateFactor('EMAIL', '123456');
    await client.auth.sendFactorCode('EMAIL');
    await client.auth.removeFactor('TOTP', '654321');
    expect(fake.calls.map((call) => [call.method, new URL(call.url).pathname, call.body])).toEqual([
      ['POST', '/_api/iam/factors/v1/totp/enroll', {}],
      ['POST', '/_api/iam/factors/v1/email/activate', { code: '123456' }],
      ['POST', '/_api/iam/factors/v1/email/send-code', {}],
      ['POST', '/_api/iam/factors/v1/totp/remove', { code: '654321' }],
    ]);
    expect(fake.calls.every((call) => call.headers.authorization === 'access-1')).toBe(true);
  });

  it('sessionTokenForApp answers the session token for the app', async () => {
    const { client, fake } = setUp({ sessionToken: 'oss_1' });
    expect(await client.auth.sessionTokenForApp('app-1')).toBe('oss_1');
    expect(new URL(fake.calls[0]?.url as string).pathname).toBe('/_api/iam/authentication/v1/session-token');
    expect(fake.calls[0]?.body).toEqual({ clientId: 'app-1' });
  });
});
