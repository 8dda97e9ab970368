import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { onPaths } from '../../http/multi-path.js';
import { requireCaller } from '../../http/plugins/auth.js';
import {
  CallbackQuery,
  ChangePasswordRequest,
  FactorParams,
  FactorVerifyRequest,
  LoginRequest,
  LogoutQuery,
  LogoutResponse,
  RegisterRequest,
  SignOnRequest,
  SignOnResponse,
} from './authentication.contract.js';
import { changePassword, login, register, signOn } from './authentication.service.js';
import { loginCallback, logoutCaller } from './authorize.service.js';
import { verifySecondFactor } from './factors.service.js';
import {
  Empty,
  profileFromWire,
  StateMachineResponse,
  toWireAuthResult,
  toWireIdentity,
} from './identity.contract.js';
import type { IdentityDeps } from './identity.deps.js';
import {
  originOf,
  schemaViolationsAsApplicationError,
  schemaViolationsWithData,
  sendBrowserReply,
} from './identity.http.js';

const BASE = '/_api/iam/authentication';

/** Sign-up, login and the rest of the authentication service (wire-protocol.md §4.6, spec §7). */
export const authenticationRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (
  app,
  { deps },
) => {
  const tags = ['identity: authentication'];
  const stateResponse = { 200: StateMachineResponse };

  onPaths([`${BASE}/v2/register`, '/v2/register'], (url, docs) =>
    app.post(
      url,
      {
        schema: {
          ...docs,
          summary: 'Register a member',
          tags,
          body: RegisterRequest,
          response: stateResponse,
        },
        attachValidation: true,
      },
      async (request) => {
        schemaViolationsWithData(request);
        const { loginId, password, profile, captchaTokens } = request.body;
        const result = await register(
          deps,
          { email: loginId?.email, password, profile: profileFromWire(profile), captchaTokens },
          originOf(request),
        );
        return toWireAuthResult(result);
      },
    ),
  );

  onPaths([`${BASE}/v2/login`, '/v2/login'], (url, docs) =>
    app.post(
      url,
      {
        schema: {
          ...docs,
          summary: 'Log in with e-mail and password',
          tags,
          body: LoginRequest,
          response: stateResponse,
        },
        attachValidation: true,
      },
      async (request) => {
        schemaViolationsAsApplicationError(request);
        const { loginId, password, captchaTokens } = request.body;
        const result = await login(
          deps,
          { email: loginId?.email, password: password ?? undefined, captchaTokens },
          originOf(request),
        );
        return toWireAuthResult(result);
      },
    ),
  );

  onPaths([`${BASE}/v2/change-password`, '/v2/change-password'], (url, docs) =>
    app.post(
      url,
      {
        schema: {
          ...docs,
          summary: 'Change the password (member)',
          tags,
          body: ChangePasswordRequest,
          response: { 200: Empty },
        },
        preHandler: requireCaller(['member']),
      },
      async (request) => {
        await changePassword(deps, request.caller, request.body.newPassword);
        return {};
      },
    ),
  );

  onPaths([`${BASE}/v2/sign-on`, '/v2/sign-on'], (url, docs) =>
    app.post(
      url,
      {
        schema: {
          ...docs,
          summary: 'Sign on a member vouched for by an app (app or owner API key)',
          tags,
          body: SignOnRequest,
          response: { 200: SignOnResponse },
        },
        preHandler: requireCaller(['app', 'staff'], { ownerOnly: false }),
      },
      async (request) => {
        const caller = request.caller;
        const { loginId, profile, verifyEmail } = request.body;
        const result = await signOn(
          deps,
          caller,
          { email: loginId.email, profile: profileFromWire(profile), verifyEmail },
          originOf(request),
        );
        return { sessionToken: result.sessionToken, identity: toWireIdentity(result.identity) };
      },
    ),
  );

  onPaths([`${BASE}/v1/logout`, '/v1/logout'], (url, docs) =>
    app.get(
      url,
      {
        schema: {
          ...docs,
          summary: 'Log out: ends the calling session',
          tags,
          querystring: LogoutQuery,
          response: { 200: LogoutResponse },
        },
      },
      async (request, reply) => {
        const target = await logoutCaller(deps, request.caller, request.query);
        // A browser navigating here gets the redirect itself; API clients get it described (the protocol's form).
        if (request.caller.kind === 'anonymous' && request.headers.accept?.includes('text/html')) {
          return reply.redirect(target, 302);
        }
        return { body: '', statusCode: 302, headers: [{ key: 'Location', value: target }] };
      },
    ),
  );

  onPaths([`${BASE}/v1/callback`, '/v1/callback'], (url, docs) =>
    app.get(
      url,
      {
        schema: {
          ...docs,
          summary: 'Continue an authorize request after hosted login',
          tags,
          querystring: CallbackQuery,
        },
      },
      async (request, reply) => sendBrowserReply(reply, loginCallback(request.query)),
    ),
  );

  onPaths([`${BASE}/v2/:factorType/verify`, '/v2/:factorType/verify'], (url, docs) =>
    app.post(
      url,
      {
        schema: {
          ...docs,
          summary: 'Complete login with a second factor (totp)',
          tags,
          params: FactorParams,
          body: FactorVerifyRequest,
          response: stateResponse,
        },
      },
      async (request) => {
        const { stateToken, totpData, smsData, callData, emailData } = request.body;
        const code = totpData?.code ?? smsData?.code ?? callData?.code ?? emailData?.code;
        const result = await verifySecondFactor(
          deps,
          request.params.factorType,
          { stateToken, code },
          originOf(request),
        );
        return toWireAuthResult(result);
      },
    ),
  );
};
