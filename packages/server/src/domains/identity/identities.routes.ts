import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { requireCaller } from '../../http/plugins/auth.js';
import { WireInt64 } from '../../http/wire.js';
import { CAPTCHA_SITE_KEYS, siteKeyKind, unknownSiteKey } from './captcha.service.js';
import { activateTotp, enrollTotp, removeTotp } from './factors.service.js';
import {
  CaptchaSettingsOut,
  Empty,
  IdentityOut,
  ProfileIn,
  profileFromWire,
  toWireIdentity,
} from './identity.contract.js';
import type { IdentityDeps } from './identity.deps.js';
import { ownIdentityId, readIdentity, updateProfile } from './member-admin.service.js';
import { getIdentitySettings } from './settings.service.js';

const IDENTITY = '/_api/iam/identity/v1/identities';
const FACTORS = '/_api/iam/factors/v1';
const CAPTCHA = '/_api/iam/captcha/v1';

const IdentityReply = Type.Object({ identity: IdentityOut });
const UpdateIdentityRequest = Type.Object({
  identity: Type.Object({
    identityProfile: ProfileIn,
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

  app.post(
    `${FACTORS}/totp/enroll`,
    {
      schema: {
        summary: 'Start setting up an authenticator app (TOTP)',
        tags,
        response: {
          200: Type.Object({ factorId: Type.String(), secret: Type.String(), otpauthUri: Type.String() }),
        },
      },
      preHandler: member,
    },
    async (request) => enrollTotp(deps, request.caller),
  );

  app.post(
    `${FACTORS}/totp/activate`,
    {
      schema: {
        summary: 'Confirm the authenticator app with a first code',
        tags,
        body: CodeRequest,
        response: { 200: Type.Object({ factorId: Type.String() }) },
      },
      preHandler: member,
    },
    async (request) => activateTotp(deps, request.caller, request.body.code),
  );

  app.post(
    `${FACTORS}/totp/remove`,
    {
      schema: {
        summary: 'Remove the authenticator app (needs a current code)',
        tags,
        body: CodeRequest,
        response: { 200: Empty },
      },
      preHandler: member,
    },
    async (request) => {
      await removeTotp(deps, request.caller, request.body.code);
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
