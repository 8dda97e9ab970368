import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Violations } from '../../lib/http/violations.js';
import { pagingMetadata, resolvePaging } from '../../lib/paging.js';
import { requireCaller, requireMerchant } from '../access/index.js';
import {
  CreateOAuthClientRequest,
  CreateOAuthClientResponse,
  CreateStaffRequest,
  CreateStaffResponse,
  IdentitySettingsOut,
  ListMembersQuery,
  ListMembersResponse,
  MemberActionParams,
  MemberParams,
  MemberSecondFactorsResponse,
  OAuthClientOut,
  SigningKeyOut,
  StaffLoginRequest,
  StaffLoginResponse,
  StaffMeResponse,
  StaffOut,
  TurnOffSecondFactorsResponse,
  UpdateIdentitySettingsRequest,
  UpdateOAuthClientRequest,
} from './admin.contract.js';
import { Empty, IdentityOut, toWireIdentity } from './identity.contract.js';
import type { IdentityDeps } from './identity.deps.js';
import { changeMemberStatus, listMembers } from './members/member-admin.service.js';
import {
  createStaffUser,
  getStaffUser,
  listStaffUsers,
  staffLogin,
  staffLogout,
} from './members/staff.service.js';
import { createOAuthClient, listOAuthClients, updateOAuthClient } from './oauth/oauth-clients.service.js';
import {
  memberSecondFactors,
  type SecondFactorsTurnOff,
  turnOffSecondFactors,
} from './second-factors/factor-reset.service.js';
import { listSigningKeys } from './sessions/signing-keys.service.js';
import { getIdentitySettings, updateIdentitySettings } from './settings.service.js';

/** The merchant side of identity: OAuth clients, sign-up settings, members, staff, signing keys. */
export const identityAdminRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (
  app,
  { deps },
) => {
  const owner = requireMerchant({ ownerOnly: true });
  const merchant = requireMerchant();
  // A member's sign-in security is for the store's people (owner and staff), not an app's key.
  const staff = requireCaller(['staff']);
  const db = deps.db;
  const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

  app.get(
    '/admin-api/v1/oauth-clients',
    {
      schema: {
        summary: 'List OAuth clients',
        tags: ['admin: oauth clients'],
        response: { 200: Type.Object({ oauthClients: Type.Array(OAuthClientOut) }) },
      },
      preHandler: owner,
    },
    async () => ({ oauthClients: await listOAuthClients(db) }),
  );
  app.post(
    '/admin-api/v1/oauth-clients',
    {
      schema: {
        summary: 'Create an OAuth client',
        tags: ['admin: oauth clients'],
        body: CreateOAuthClientRequest,
        response: { 200: CreateOAuthClientResponse },
      },
      preHandler: owner,
    },
    async (request) => {
      const { name, kind, redirectUris, allowedOrigins, allowAnyRedirectPathOnAllowedOrigins } = request.body;
      const { client, secret } = await createOAuthClient(
        db,
        {
          name,
          kind: kind ?? 'public',
          redirectUris: redirectUris ?? [],
          allowedOrigins: allowedOrigins ?? [],
          allowAnyRedirectPathOnAllowedOrigins: allowAnyRedirectPathOnAllowedOrigins ?? false,
        },
        { publicUrl: deps.config.publicUrl },
      );
      return { oauthClient: client, ...(secret ? { clientSecret: secret } : {}) };
    },
  );
  app.patch(
    '/admin-api/v1/oauth-clients/:id',
    {
      schema: {
        summary: 'Change an OAuth client (redirect URIs, origins, redirect matching, name) or disable it',
        tags: ['admin: oauth clients'],
        params: IdParams,
        body: UpdateOAuthClientRequest,
        response: { 200: Type.Object({ oauthClient: OAuthClientOut }) },
      },
      preHandler: owner,
    },
    async (request) => ({
      oauthClient: await updateOAuthClient(db, request.params.id, request.body, {
        publicUrl: deps.config.publicUrl,
      }),
    }),
  );

  app.get(
    '/admin-api/v1/identity-settings',
    {
      schema: {
        summary: 'Sign-up settings',
        tags: ['admin: identity'],
        response: { 200: IdentitySettingsOut },
      },
      preHandler: merchant,
    },
    async () => getIdentitySettings(db, deps.config.identity),
  );
  app.patch(
    '/admin-api/v1/identity-settings',
    {
      schema: {
        summary: 'Change sign-up settings',
        tags: ['admin: identity'],
        body: UpdateIdentitySettingsRequest,
        response: { 200: IdentitySettingsOut },
      },
      preHandler: owner,
    },
    async (request) => {
      const { settings: wrapped = {}, ...flat } = request.body;
      const v = new Violations();
      for (const key of Object.keys(wrapped))
        if (key in flat)
          v.add(`settings.${key}`, 'ONE_OF_ALIGNMENT', `send ${key} once: in settings or at the top level`);
      v.throwIfAny();
      return updateIdentitySettings(db, deps.config.identity, { ...flat, ...wrapped });
    },
  );

  app.get(
    '/admin-api/v1/members',
    {
      schema: {
        summary: 'List members',
        tags: ['admin: members'],
        querystring: ListMembersQuery,
        response: { 200: ListMembersResponse },
      },
      preHandler: merchant,
    },
    async (request) => {
      const paging = resolvePaging(request.query);
      const { members, total } = await listMembers(db, { status: request.query.status }, paging);
      return {
        members: members.map(toWireIdentity),
        metadata: pagingMetadata(members.length, paging, total),
      };
    },
  );
  app.post(
    '/admin-api/v1/members/:id/:action',
    {
      schema: {
        summary: 'approve (pending sign-up), block, unblock or delete a member',
        tags: ['admin: members'],
        params: MemberActionParams,
        response: { 200: Type.Object({ identity: IdentityOut }) },
      },
      preHandler: merchant,
    },
    async (request) => ({
      identity: toWireIdentity(
        await changeMemberStatus(deps, request.caller, request.params.id, request.params.action),
      ),
    }),
  );

  app.get(
    '/admin-api/v1/members/:id/second-factors',
    {
      schema: {
        summary: 'Which second factors a member has on, and their recovery codes left (never a secret)',
        tags: ['admin: members'],
        params: MemberParams,
        response: { 200: MemberSecondFactorsResponse },
      },
      preHandler: staff,
    },
    async (request) => ({ secondFactors: await memberSecondFactors(deps, request.params.id) }),
  );
  app.delete(
    '/admin-api/v1/members/:id/second-factors',
    {
      schema: {
        summary:
          'Turn off every second factor of a member who lost them: the password alone signs in, their ' +
          'sessions end, recovery codes are deleted, and the member is e-mailed',
        tags: ['admin: members'],
        params: MemberParams,
        response: { 200: TurnOffSecondFactorsResponse },
      },
      preHandler: staff,
    },
    async (request) => {
      const outcome = await turnOffSecondFactors(deps, request.caller, request.params.id);
      return {
        ...outcome,
        message: turnOffMessage(outcome),
        secondFactors: await memberSecondFactors(deps, request.params.id),
      };
    },
  );

  app.post(
    '/admin-api/v1/auth/login',
    {
      schema: {
        summary: 'Staff sign-in (admin UI)',
        tags: ['admin: staff'],
        body: StaffLoginRequest,
        response: { 200: StaffLoginResponse },
      },
    },
    async (request) => staffLogin(deps, request.body, request.ip),
  );
  app.post(
    '/admin-api/v1/auth/logout',
    {
      schema: { summary: 'Staff sign-out', tags: ['admin: staff'], response: { 200: Empty } },
      preHandler: requireCaller(['staff']),
    },
    async (request) => {
      await staffLogout(deps, request.caller);
      return {};
    },
  );
  app.get(
    '/admin-api/v1/auth/me',
    {
      schema: {
        summary: 'The signed-in staff member',
        tags: ['admin: staff'],
        response: { 200: StaffMeResponse },
      },
      preHandler: requireCaller(['staff']),
    },
    async (request) => {
      const caller = request.caller;
      const staff =
        caller.kind === 'staff' && caller.staffId ? await getStaffUser(db, caller.staffId) : undefined;
      return { staff: staff ?? null, role: caller.kind === 'staff' ? caller.role : 'staff' };
    },
  );
  app.get(
    '/admin-api/v1/staff',
    {
      schema: {
        summary: 'List staff accounts',
        tags: ['admin: staff'],
        response: { 200: Type.Object({ staff: Type.Array(StaffOut) }) },
      },
      preHandler: owner,
    },
    async () => ({ staff: await listStaffUsers(db) }),
  );
  app.post(
    '/admin-api/v1/staff',
    {
      schema: {
        summary: 'Create a staff account',
        tags: ['admin: staff'],
        body: CreateStaffRequest,
        response: { 200: CreateStaffResponse },
      },
      preHandler: owner,
    },
    async (request) =>
      createStaffUser(db, { ...request.body, passwordMinLength: deps.config.identity.passwordMinLength }),
  );

  app.get(
    '/admin-api/v1/signing-keys',
    {
      schema: {
        summary: 'Access-token signing keys (public data only)',
        tags: ['admin: identity'],
        response: { 200: Type.Object({ keys: Type.Array(SigningKeyOut) }) },
      },
      preHandler: owner,
    },
    async () => ({ keys: await listSigningKeys(db, deps.clock()) }),
  );
  app.post(
    '/admin-api/v1/signing-keys/rotate',
    {
      schema: {
        summary: 'Start signing with a new key (old tokens stay valid until they expire)',
        tags: ['admin: identity'],
        response: { 200: Type.Object({ kid: Type.String() }) },
      },
      preHandler: owner,
    },
    async () => deps.keys.rotate(longestTokenLifetime(deps)),
  );
};

function turnOffMessage(outcome: SecondFactorsTurnOff): string {
  if (!outcome.changed) return 'This member has no second factor on: nothing was changed.';
  const names = outcome.turnedOff.map((type) => (type === 'TOTP' ? 'the authenticator app' : 'e-mail codes'));
  const sessions = `${outcome.sessionsEnded} session${outcome.sessionsEnded === 1 ? '' : 's'} ended`;
  return (
    `Turned off ${names.join(' and ')}; ${outcome.recoveryCodesDeleted} recovery code` +
    `${outcome.recoveryCodesDeleted === 1 ? '' : 's'} deleted, ${sessions}. The member can now sign in ` +
    'with the password alone and was told by e-mail.'
  );
}

/** A retired key must keep verifying until every token it signed has expired. */
export function longestTokenLifetime(deps: IdentityDeps): number {
  return Math.max(
    deps.config.identity.accessTokenTtlSeconds,
    deps.config.identity.staffSessionTtlHours * 3600,
  );
}
