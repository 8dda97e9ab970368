import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type, { type Static } from 'typebox';
import { invalidField, ValidationFailed } from '../../../lib/http/errors.js';
import { mountOnPrefixes } from '../../../lib/http/prefixes.js';
import { requireCaller } from '../../access/index.js';
import {
  Empty,
  profileFromWire,
  StateMachineResponse,
  toWireAuthResult,
  toWireIdentity,
} from '../identity.contract.js';
import type { IdentityDeps } from '../identity.deps.js';
import {
  originOf,
  schemaViolationsAsApplicationError,
  schemaViolationsWithData,
  sendBrowserReply,
} from '../identity.http.js';
import { loginCallback, logoutCaller } from '../oauth/authorize.service.js';
import { FACTOR_DATA_FIELDS, parseFactorType } from '../second-factors/factors.types.js';
import { type SecondFactorVerifyInput, verifySecondFactor } from '../second-factors/second-factor.service.js';
import { sessionTokenForApp } from '../sessions/session-handover.service.js';
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
import { login, register } from './authentication.service.js';
import { changePassword } from './change-password.service.js';
import { signOn } from './sign-on.service.js';

const BASE = '/_api/iam/authentication';
const tags = ['identity: authentication'];

/** The calls served both under BASE (the protocol's clients) and on the spec's bare paths. */
const signInRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  const stateResponse = { 200: StateMachineResponse };

  app.post(
    '/v2/register',
    {
      schema: {
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
  );

  app.post(
    '/v2/login',
    {
      schema: {
        summary: 'Log in with e-mail and password',
        tags,
        body: LoginRequest,
        response: stateResponse,
      },
      attachValidation: true,
    },
    async (request) => {
      schemaViolationsAsApplicationError(request);
      const { loginId, password, captchaTokens, clientMetaData } = request.body;
      const result = await login(
        deps,
        {
          email: loginId?.email,
          password: password ?? undefined,
          captchaTokens,
          deviceToken: deviceTokenOf(clientMetaData),
        },
        originOf(request),
      );
      return toWireAuthResult(result);
    },
  );

  app.post(
    '/v2/change-password',
    {
      schema: {
        summary: 'Change the password (member)',
        tags,
        body: ChangePasswordRequest,
        response: { 200: Empty },
      },
      preHandler: requireCaller(['member']),
    },
    async (request) => {
      const { newPassword, currentPassword, captchaTokens } = request.body;
      await changePassword(
        deps,
        request.caller,
        { newPassword, currentPassword, captchaTokens },
        originOf(request),
      );
      return {};
    },
  );

  app.post(
    '/v2/sign-on',
    {
      schema: {
        summary: 'Sign on a member vouched for by an app (app or owner API key)',
        tags,
        body: SignOnRequest,
        response: { 200: SignOnResponse },
      },
      preHandler: requireCaller(['app', 'staff'], { ownerOnly: false }),
    },
    async (request) => {
      const caller = request.caller;
      const { loginId, profile, verifyEmail, mergeExistingContact } = request.body;
      const result = await signOn(
        deps,
        caller,
        {
          email: loginId.email,
          profile: profileFromWire(profile),
          ...(verifyEmail !== undefined ? { verifyEmail } : {}),
          ...(mergeExistingContact !== undefined ? { mergeExistingContact } : {}),
        },
        originOf(request),
      );
      return { sessionToken: result.sessionToken, identity: toWireIdentity(result.identity) };
    },
  );

  app.get(
    '/v1/logout',
    {
      schema: {
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
  );

  app.get(
    '/v1/callback',
    {
      schema: {
        summary: 'Continue an authorize request after hosted login',
        tags,
        querystring: CallbackQuery,
      },
    },
    async (request, reply) => sendBrowserReply(reply, loginCallback(request.query)),
  );

  // The platform's verify call: `/v2/verify` with `factorType` in the body (the module's current paths),
  // and spec §7's `/v2/{factorType}/verify` with it in the path. Both answer like login.
  app.post(
    '/v2/verify',
    {
      schema: {
        summary:
          'Second factor of a login: choose a factor, or complete it with a code (REQUIRE_MFA / MFA_CHALLENGE)',
        tags,
        body: FactorVerifyRequest,
        response: stateResponse,
      },
    },
    async (request) =>
      toWireAuthResult(await verifySecondFactor(deps, verifyInputOf(request.body), originOf(request))),
  );

  app.post(
    '/v2/:factorType/verify',
    {
      schema: {
        summary: 'Second factor of a login, the factor type in the path',
        tags,
        params: FactorParams,
        body: FactorVerifyRequest,
        response: stateResponse,
      },
    },
    async (request) => {
      const input = verifyInputOf(request.body, request.params.factorType);
      return toWireAuthResult(await verifySecondFactor(deps, input, originOf(request)));
    },
  );
};

/** Sign-up, login and the rest of the authentication service (wire-protocol.md §4.6, spec §7). */
export const authenticationRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (
  app,
  { deps },
) => {
  await mountOnPrefixes(app, signInRoutes, { deps }, [BASE, '']);

  // Ours: "continue as" for prompt=select_account on the hosted login page (session-handover.service.ts).
  app.post(
    `${BASE}/v1/session-token`,
    {
      schema: {
        summary: 'A session token for an app’s authorize request, from the hosted pages’ signed-in member',
        tags,
        body: Type.Object({ clientId: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Type.Object({ sessionToken: Type.String() }) },
      },
      preHandler: requireCaller(['member']),
    },
    async (request) => sessionTokenForApp(deps, request.caller, request.body),
  );
};

/**
 * A verify request's factor (from the path or the body, which must agree) and the code from that
 * factor's data field; data for another factor is refused, naming the field that should have been sent.
 */
function verifyInputOf(
  body: Static<typeof FactorVerifyRequest>,
  pathFactorType?: string,
): SecondFactorVerifyInput {
  const inPath = pathFactorType === undefined ? undefined : parseFactorType(pathFactorType, 'factorType');
  const inBody = body.factorType ? parseFactorType(body.factorType, 'factorType') : undefined;
  if (inPath && inBody && inPath !== inBody) {
    throw invalidField(
      'factorType',
      'ONE_OF_ALIGNMENT',
      `must match the factor type of the path (${inPath})`,
      {
        type: 'FACTOR',
      },
    );
  }
  const factorType = inPath ?? inBody ?? parseFactorType(undefined, 'factorType');
  const dataField = FACTOR_DATA_FIELDS[factorType];
  const fields = body as Record<string, unknown>;
  const strays = Object.values(FACTOR_DATA_FIELDS).filter(
    (field) => field !== dataField && fields[field] !== undefined,
  );
  if (strays.length > 0) {
    throw new ValidationFailed(
      strays.map((field) => ({
        field,
        violatedRule: 'FIELD_NOT_ALLOWED' as const,
        description: `does not belong to factorType ${factorType}; send ${dataField}`,
        data: { type: 'FACTOR' },
      })),
    );
  }
  const data = fields[dataField] as { code?: string } | undefined;
  return {
    stateToken: body.stateToken,
    factorType,
    ...(data?.code ? { code: data.code } : {}),
    ...(body.rememberThisDevice !== undefined ? { rememberThisDevice: body.rememberThisDevice } : {}),
  };
}

/** `clientMetaData.deviceToken` of a login: the token a remembered device keeps (ADR 026). */
function deviceTokenOf(clientMetaData: unknown): string | undefined {
  if (!clientMetaData || typeof clientMetaData !== 'object') return undefined;
  const token = (clientMetaData as { deviceToken?: unknown }).deviceToken;
  return typeof token === 'string' && token.length <= 4000 ? token : undefined;
}
