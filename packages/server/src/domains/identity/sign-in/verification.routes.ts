import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { mountOnPrefixes } from '../../../lib/http/prefixes.js';
import { StringEnum } from '../../../lib/http/wire.js';
import { requireMerchant } from '../../access/index.js';
import { CaptchaTokensIn, Empty, StateMachineResponse, toWireAuthResult } from '../identity.contract.js';
import type { IdentityDeps } from '../identity.deps.js';
import { originOf } from '../identity.http.js';
import { recover, sendActivationEmail, sendRecoveryEmail } from './recovery.service.js';
import { resendVerificationCode, startVerification, verifyEmailCode } from './verification.service.js';

const VERIFY = '/_api/iam/verification';
const RECOVERY = '/_api/iam/recovery';

const Redirect = Type.Optional(
  Type.Object({
    url: Type.Optional(Type.String({ maxLength: 2048 })),
    clientId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  }),
);
const tags = ['identity: verification and recovery'];
const redirectOf = (redirect: { url?: string; clientId?: string | null } | undefined) =>
  redirect ? { url: redirect.url, clientId: redirect.clientId ?? undefined } : undefined;

/** Verifying an e-mailed code, and sending a new one. */
const emailCodeRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  app.post(
    '/v1/auth/verify',
    {
      schema: {
        summary: 'Verify the e-mailed code (REQUIRE_EMAIL_VERIFICATION)',
        tags,
        body: Type.Object({
          code: Type.String({ minLength: 1, maxLength: 20 }),
          stateToken: Type.String({ minLength: 1, maxLength: 1000 }),
        }),
        response: { 200: StateMachineResponse },
      },
    },
    async (request) => toWireAuthResult(await verifyEmailCode(deps, request.body, originOf(request))),
  );

  app.post(
    '/v1/auth/resend',
    {
      schema: {
        summary: 'E-mail a new verification code',
        tags,
        body: Type.Object({ stateToken: Type.String({ minLength: 1, maxLength: 1000 }) }),
        response: { 200: Empty },
      },
    },
    async (request) => {
      await resendVerificationCode(deps, request.body, originOf(request));
      return {};
    },
  );
};

/** Starting an e-mail verification: the one route, at the whole path. */
const startVerificationRoute: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  app.post(
    '',
    {
      schema: {
        summary: "Start verifying a member's e-mail (the member, or a merchant)",
        tags,
        body: Type.Object({
          identityId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
          target: Type.Optional(StringEnum(['EMAIL'] as const)),
        }),
        response: { 200: Type.Object({ verificationId: Type.String() }) },
      },
    },
    async (request) =>
      startVerification(
        deps,
        request.caller,
        { identityId: request.body.identityId ?? undefined },
        originOf(request),
      ),
  );
};

/** Password recovery by e-mail. */
const recoveryRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  app.post(
    '/v1/send-email',
    {
      schema: {
        summary: 'E-mail a password reset link (always answers {})',
        tags,
        body: Type.Object({
          email: Type.String({ maxLength: 320 }),
          language: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
          redirect: Redirect,
          // Ours: asked for (-19971) once an account has had many requests (sign-in-guard.service.ts).
          captchaTokens: CaptchaTokensIn,
        }),
        response: { 200: Empty },
      },
    },
    async (request) => {
      const { email, redirect, captchaTokens } = request.body;
      await sendRecoveryEmail(
        deps,
        { email, redirect: redirectOf(redirect), captchaTokens },
        originOf(request),
      );
      return {};
    },
  );

  app.post(
    '/v1/recover',
    {
      schema: {
        summary: 'Set a new password with the token from the e-mailed link',
        tags,
        body: Type.Object({
          recoveryToken: Type.String({ minLength: 1, maxLength: 1000 }),
          password: Type.Optional(Type.Union([Type.String({ maxLength: 1024 }), Type.Null()])),
        }),
        response: { 200: StateMachineResponse },
      },
    },
    async (request) => {
      const { recoveryToken, password } = request.body;
      return toWireAuthResult(
        await recover(deps, { recoveryToken, password: password ?? undefined }, originOf(request)),
      );
    },
  );
};

/** A merchant's activation e-mail for a member without a password. */
const activationEmailRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  app.post(
    '/v1/activation-email',
    {
      schema: {
        summary: 'E-mail an activation link to a member without a password (merchants)',
        tags,
        body: Type.Object({
          identityId: Type.String({ minLength: 1, maxLength: 100 }),
          emailOptions: Type.Optional(
            Type.Object({
              language: Type.Optional(Type.Union([Type.String(), Type.Null()])),
              redirect: Redirect,
            }),
          ),
        }),
        response: { 200: Empty },
      },
      preHandler: requireMerchant(),
    },
    async (request) => {
      const { identityId, emailOptions } = request.body;
      await sendActivationEmail(deps, request.caller, {
        identityId,
        redirect: redirectOf(emailOptions?.redirect),
      });
      return {};
    },
  );
};

/** E-mail verification codes and password recovery (spec §7). */
export const verificationRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (
  app,
  { deps },
) => {
  await mountOnPrefixes(app, emailCodeRoutes, { deps }, [VERIFY, '']);
  // The public client's path is /v1/start; spec §7 writes /v1/Start. Both are served.
  await mountOnPrefixes(app, startVerificationRoute, { deps }, [
    `${VERIFY}/v1/start`,
    `${VERIFY}/v1/Start`,
    '/v1/Start',
    '/v1/start',
  ]);
  await mountOnPrefixes(app, recoveryRoutes, { deps }, [RECOVERY, '']);
  await mountOnPrefixes(app, activationEmailRoutes, { deps }, [RECOVERY, '/_api/iam/authentication', '']);
};
