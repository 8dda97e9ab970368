import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { WireInt64 } from '../../../lib/http/wire.js';
import { requireCaller } from '../../access/index.js';
import { CAPTCHA_SITE_KEYS, siteKeyKind, unknownSiteKey } from '../guards/captcha.service.js';
import {
  CaptchaSettingsOut,
  Empty,
  IdentityOut,
  ProfileChangeIn,
  profileFromWire,
  toWireIdentity,
} from '../identity.contract.js';
import type { IdentityDeps } from '../identity.deps.js';
import { originOf } from '../identity.http.js';
import {
  activateFactor,
  enrollFactor,
  recoveryCodesStatus,
  regenerateRecoveryCodes,
  removeFactor,
  sendFactorCode,
} from '../second-factors/factors.service.js';
import { parseFactorType } from '../second-factors/factors.types.js';
import { getIdentitySettings } from '../settings.service.js';
import { ownIdentityId, readIdentity, updateProfile } from './member-admin.service.js';

const IDENTITY = '/_api/iam/identity/v1/identities';
const FACTORS = '/_api/iam/factors/v1';
const CAPTCHA = '/_api/iam/captcha/v1';

const IdentityReply = Type.Object({ identity: IdentityOut });
// The profile is strict: a field the store would not keep is a 400 naming it, never a 200 that drops it.
// The identity around it is not: apps send back the identity they read, whose id and dates are read-only.
const UpdateIdentityRequest = Type.Object({
  identity: Type.Object({
    identityProfile: ProfileChangeIn,
    revision: Type.Optional(
      WireInt64({ description: 'The revision you read; a newer one on the server is a 409' }),
    ),
  }),
});
const CodeRequest = Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) });

/** A member's own identity and second factors, and the captcha challenges (spec §3, §9). */
export const identitiesRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  const tags = ['identity: members'];
  const member = requireCaller(['member']);

  app.get(
    `${IDENTITY}/me`,
    {
      schema: { summary: 'The calling member’s identity', tags, response: { 200: IdentityReply } },
      preHandler: member,
    },
    async (request) => ({
      identity: toWireIdentity(await readIdentity(deps, request.caller, ownIdentityId(request.caller))),
    }),
  );

  app.patch(
    `${IDENTITY}/me`,
    {
      schema: {
        summary: 'Update the calling member’s profile',
        tags,
        body: UpdateIdentityRequest,
        response: { 200: IdentityReply },
      },
      preHandler: member,
    },
    async (request) => {
      const { identityProfile, revision } = request.body.identity;
      const view = await updateProfile(deps, request.caller, ownIdentityId(request.caller), {
        profile: profileFromWire(identityProfile),
        ...(revision !== undefined ? { revision: Number(revision) } : {}),
      });
      return { identity: toWireIdentity(view) };
    },
  );

  app.get(
    `${IDENTITY}/:id`,
    {
      schema: {
        summary: 'An identity: members may read their own only; merchants any',
        tags,
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: IdentityReply },
      },
      preHandler: requireCaller(['member', 'staff', 'app']),
    },
    async (request) => ({
      identity: toWireIdentity(await readIdentity(deps, request.caller, request.params.id)),
    }),
  );

  // A member's second factors. `:factorType` is the platform's FactorType in any case (totp, email);
  // the factors this store cannot serve (sms, call, push, webauthn) are refused with a
  // 400 that names what is missing.
  const FactorPath = Type.Object({ factorType: Type.String({ maxLength: 30 }) });
  const factorOf = (params: { factorType: string }) => parseFactorType(params.factorType, 'factorType');

  app.post(
    `${FACTORS}/:factorType/enroll`,
    {
      schema: {
        summary: 'Start setting up a second factor: TOTP answers the secret; EMAIL e-mails a code',
        tags,
        params: FactorPath,
        response: {
          200: Type.Object({
            factorId: Type.String(),
            secret: Type.Optional(Type.String({ description: 'TOTP: base32, for the authenticator app' })),
            otpauthUri: Type.Optional(Type.String({ description: 'TOTP: otpauth:// URI (QR code content)' })),
          }),
        },
      },
      preHandler: member,
    },
    async (request) => enrollFactor(deps, request.caller, factorOf(request.params), originOf(request)),
  );

  app.post(
    `${FACTORS}/:factorType/activate`,
    {
      schema: {
        summary: 'Confirm a second factor being set up with a first code',
        tags,
        params: FactorPath,
        body: CodeRequest,
        response: {
          200: Type.Object({
            factorId: Type.String(),
            recoveryCodes: Type.Optional(
              Type.Array(Type.String(), {
                description:
                  'TOTP: new one-time recovery codes, answered this once (only their hashes are kept)',
              }),
            ),
          }),
        },
      },
      preHandler: member,
    },
    async (request) => activateFactor(deps, request.caller, factorOf(request.params), request.body.code),
  );

  // Recovery codes stand in for the authenticator app once each (a lost phone): made with it, new ones on
  // request with a current code of it.
  app.get(
    `${FACTORS}/recovery-codes`,
    {
      schema: {
        summary: 'How many of the member’s recovery codes are unused',
        tags,
        response: {
          200: Type.Object({
            left: Type.Integer({ description: 'Unused codes' }),
            total: Type.Integer({ description: 'Codes made (0: none, no authenticator app)' }),
          }),
        },
      },
      preHandler: member,
    },
    async (request) => recoveryCodesStatus(deps, request.caller),
  );

  app.post(
    `${FACTORS}/recovery-codes/regenerate`,
    {
      schema: {
        summary: 'New recovery codes (needs a current authenticator app code); the earlier ones stop working',
        tags,
        body: CodeRequest,
        response: { 200: Type.Object({ recoveryCodes: Type.Array(Type.String()) }) },
      },
      preHandler: member,
    },
    async (request) => regenerateRecoveryCodes(deps, request.caller, request.body.code),
  );

  app.post(
    `${FACTORS}/:factorType/send-code`,
    {
      schema: {
        summary: 'E-mail a code for the e-mail factor (to finish setting it up, or to remove it)',
        tags,
        params: FactorPath,
        response: { 200: Empty },
      },
      preHandler: member,
    },
    async (request) => {
      await sendFactorCode(deps, request.caller, factorOf(request.params), originOf(request));
      return {};
    },
  );

  app.post(
    `${FACTORS}/:factorType/remove`,
    {
      schema: {
        summary: 'Remove a second factor (needs a current code of it); remembered devices are forgotten',
        tags,
        params: FactorPath,
        body: CodeRequest,
        response: { 200: Empty },
      },
      preHandler: member,
    },
    async (request) => {
      await removeFactor(deps, request.caller, factorOf(request.params), request.body.code);
      return {};
    },
  );

  app.get(
    `${CAPTCHA}/settings`,
    {
      schema: {
        summary: 'Captcha mode and the two site keys',
        tags: ['identity: captcha'],
        response: { 200: CaptchaSettingsOut },
      },
    },
    async () => ({
      mode: (await getIdentitySettings(deps.db, deps.config.identity)).captchaMode,
      visibleSiteKey: CAPTCHA_SITE_KEYS.visible,
      invisibleSiteKey: CAPTCHA_SITE_KEYS.invisible,
      challengeUrl: `${deps.config.publicUrl}${CAPTCHA}/challenge`,
    }),
  );

  app.get(
    `${CAPTCHA}/challenge`,
    {
      schema: {
        summary: 'A proof-of-work challenge (ALTCHA) for a site key; solve it and send it in captchaTokens',
        tags: ['identity: captcha'],
        querystring: Type.Object({ siteKey: Type.String({ maxLength: 100 }) }),
        response: {
          200: Type.Object({
            parameters: Type.Record(Type.String(), Type.Unknown()),
            signature: Type.Optional(Type.String()),
          }),
        },
      },
    },
    async (request, reply) => {
      const kind = siteKeyKind(request.query.siteKey);
      if (!kind) throw unknownSiteKey(request.query.siteKey);
      reply.header('cache-control', 'no-store');
      const { parameters, signature } = await deps.captcha.createChallenge(kind);
      return { parameters: { ...parameters }, ...(signature ? { signature } : {}) };
    },
  );
};
