import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type, { type Static } from 'typebox';
import { compileContract } from '../../../lib/http/contract.js';
import { AppError, invalidField, ValidationFailed } from '../../../lib/http/errors.js';
import { rejectDeepNesting } from '../../../lib/http/nesting.js';
import { mountOnPrefixes } from '../../../lib/http/prefixes.js';
import { registerQueryRoute } from '../../../lib/http/query-route.js';
import { decodeQueryParam } from '../../../lib/http/wire.js';
import { OffsetPagingSchema, PagingMetadataSchema, resolvePaging } from '../../../lib/paging.js';
import { requireCaller } from '../../access/index.js';
import type { IdentityDeps } from '../identity.deps.js';
import { MEMBER_FIELDSETS, type MemberFieldset, MemberOut } from './member.mapper.js';
import { ownIdentityId, updateProfile } from './member-admin.service.js';
import {
  changeStanding,
  clearContactList,
  currentMemberId,
  deleteMember,
  queryMembers,
  readMember,
  setPrivacy,
  updateMemberSlug,
} from './members-api.service.js';
import type { Profile } from './profile.mapper.js';

/*
 * The public `@wix/members` `members` module (its typings: @wix/auto_sdk_members_members): the current
 * member, updating one's own profile, slug and community membership, and reading the member directory.
 * Served under both prefixes its client resolves to (www.wixapis.com and the site's /_api).
 */

const Fieldsets = Type.Optional(
  Type.Union([
    Type.Array(Type.Union(MEMBER_FIELDSETS.map((set) => Type.Literal(set))), { maxItems: 3 }),
    Type.Union(MEMBER_FIELDSETS.map((set) => Type.Literal(set))),
  ]),
);
const FieldsetQuery = Type.Object({ fieldsets: Fieldsets });
const MemberReply = Type.Object({ member: MemberOut });
const MembersReply = Type.Object({ members: Type.Array(MemberOut), metadata: PagingMetadataSchema });
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const Sorting = Type.Array(
  Type.Object({
    fieldName: Type.String({ maxLength: 100 }),
    order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
  }),
  { maxItems: 5 },
);

/** The widest fieldset asked for (the platform's rule when several are sent); default PUBLIC. */
function fieldsetOf(sent: MemberFieldset | MemberFieldset[] | undefined): MemberFieldset {
  const sets = sent === undefined ? [] : Array.isArray(sent) ? sent : [sent];
  return sets.includes('FULL') ? 'FULL' : sets.includes('EXTENDED') ? 'EXTENDED' : 'PUBLIC';
}

const Text = (maxLength = 1000) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
const StrictObject = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });
const AddressIn = StrictObject({
  id: Type.Optional(Type.String({ maxLength: 100 })),
  addressLine: Text(),
  addressLine2: Text(),
  streetAddress: Type.Optional(StrictObject({ number: Text(50), name: Text(200) })),
  city: Text(200),
  subdivision: Text(200),
  country: Text(100),
  postalCode: Text(50),
});
/**
 * What `updateMember` may change. Anything else the typings have (login e-mail, statuses, slug, cover,
 * custom fields) is refused by name: the login e-mail changes through sign-in, the slug through its
 * own call, and the store keeps no cover images or member custom fields.
 */
const UpdateMemberRequest = Type.Object({
  member: StrictObject({
    id: Type.Optional(Type.String({ maxLength: 100 })),
    contact: Type.Optional(
      StrictObject({
        firstName: Text(),
        lastName: Text(),
        phones: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50 })),
        emails: Type.Optional(Type.Array(Type.String({ maxLength: 254 }), { maxItems: 50 })),
        addresses: Type.Optional(Type.Array(AddressIn, { maxItems: 50 })),
        birthdate: Text(10),
        company: Text(200),
        jobTitle: Text(200),
      }),
    ),
    profile: Type.Optional(
      StrictObject({
        nickname: Text(),
        title: Text(200),
        photo: Type.Optional(Type.Union([StrictObject({ id: Text(100), url: Text(2048) }), Type.Null()])),
      }),
    ),
  }),
});

function profileFromMember(member: Static<typeof UpdateMemberRequest>['member']): Profile {
  const profile: Profile = {};
  const { contact, profile: shown } = member;
  const named = <K extends keyof Profile>(
    key: K,
    value: Profile[K] | null | undefined,
    empty: Profile[K],
  ) => {
    if (value !== undefined) profile[key] = value ?? empty;
  };
  named('firstName', contact?.firstName, '');
  named('lastName', contact?.lastName, '');
  named('phones', contact?.phones, []);
  named('emails', contact?.emails, []);
  named('birthdate', contact?.birthdate, '');
  named('company', contact?.company, '');
  named('jobTitle', contact?.jobTitle, '');
  if (contact?.addresses) {
    profile.addresses = contact.addresses.map((address) => {
      const street = address.streetAddress;
      return {
        ...(address.addressLine ? { addressLine1: address.addressLine } : {}),
        ...(address.addressLine2 ? { addressLine2: address.addressLine2 } : {}),
        ...(street ? { street: { name: street.name ?? '', number: street.number ?? '' } } : {}),
        ...(address.city ? { city: address.city } : {}),
        ...(address.subdivision ? { subdivision: address.subdivision } : {}),
        ...(address.country ? { country: address.country } : {}),
        ...(address.postalCode ? { postalCode: address.postalCode } : {}),
      };
    });
  }
  named('nickname', shown?.nickname, '');
  named('title', shown?.title, '');
  if (shown?.photo !== undefined) profile.picture = shown.photo?.url ?? '';
  return profile;
}

/** The members module's calls this store refuses, and why (docs/api/identity.md lists them too). */
const NOT_OFFERED: [method: 'POST', url: string, call: string, reason: string][] = [
  [
    'POST',
    '',
    'createMember',
    'members sign up themselves (the hosted sign-up or @wix/identity register); the store approves, blocks and deletes them',
  ],
  [
    'POST',
    '/:id/mute',
    'muteMember',
    'the store has no community features (forum, comments) to mute a member in',
  ],
  [
    'POST',
    '/:id/unmute',
    'unmuteMember',
    'the store has no community features (forum, comments) to mute a member in',
  ],
  [
    'POST',
    '/:id/disconnect',
    'disconnectMember',
    'a member cannot be turned back into a contact: contacts are the members’ own profiles here',
  ],
  ['POST', '/bulk/delete', 'bulkDeleteMembers', 'delete members one by one (deleteMember, the owner)'],
  [
    'POST',
    '/bulk/delete-by-filter',
    'bulkDeleteMembersByFilter',
    'delete members one by one (deleteMember, the owner)',
  ],
  ['POST', '/bulk/approve-by-filter', 'bulkApproveMembers', 'approve members one by one (approveMember)'],
  ['POST', '/bulk/block-by-filter', 'bulkBlockMembers', 'block members one by one (blockMember)'],
];

const membersApi: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  const tags = ['members'];
  const member = requireCaller(['member']);
  const merchant = requireCaller(['staff', 'app']);

  app.get(
    '/my',
    {
      schema: {
        summary: 'The calling member (getCurrentMember)',
        tags,
        querystring: FieldsetQuery,
        response: { 200: MemberReply },
      },
    },
    async (request) => {
      const id = currentMemberId(request.caller);
      return { member: await readMember(deps, request.caller, id, fieldsetOf(request.query.fieldsets)) };
    },
  );

  app.delete(
    '/my',
    {
      schema: {
        summary: 'Delete the calling member’s account (deleteMyMember): profile erased, sessions ended',
        tags,
        querystring: Type.Object({
          contentAssigneeId: Type.Optional(
            Type.String({
              maxLength: 100,
              description: 'Refused: members author no content here that could be handed to another member',
            }),
          ),
        }),
        response: { 200: Type.Object({}) },
      },
      preHandler: member,
    },
    async (request) => {
      if (request.query.contentAssigneeId !== undefined) {
        throw invalidField(
          'contentAssigneeId',
          'FIELD_NOT_ALLOWED',
          'members author no content in this store (no forum, blog or groups), so none can be handed to another member',
        );
      }
      await deleteMember(deps, request.caller, ownIdentityId(request.caller));
      return {};
    },
  );

  app.post(
    '/my/slug',
    {
      schema: {
        summary: 'Change the calling member’s profile slug (updateCurrentMemberSlug)',
        tags,
        body: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: MemberReply },
      },
      preHandler: member,
    },
    async (request) => ({
      member: await updateMemberSlug(deps, request.caller, ownIdentityId(request.caller), request.body.slug),
    }),
  );

  for (const [path, privacy] of [
    ['/join-community', 'PUBLIC'],
    ['/leave-community', 'PRIVATE'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          summary:
            privacy === 'PUBLIC'
              ? 'Join the community: other shoppers see the member’s public profile'
              : 'Leave the community: the member is hidden from other shoppers',
          tags,
          response: { 200: MemberReply },
        },
        preHandler: member,
      },
      async (request) => ({
        member: await setPrivacy(deps, request.caller, ownIdentityId(request.caller), privacy),
      }),
    );
  }

  app.post(
    '/:id/slug',
    {
      schema: {
        summary: 'Change a member’s profile slug (updateMemberSlug, the store)',
        tags,
        params: IdParams,
        body: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: MemberReply },
      },
      preHandler: merchant,
    },
    async (request) => ({
      member: await updateMemberSlug(deps, request.caller, request.params.id, request.body.slug),
    }),
  );

  for (const action of ['approve', 'block'] as const) {
    app.post(
      `/:id/${action}`,
      {
        schema: {
          summary:
            action === 'approve'
              ? 'Approve a member waiting for the owner’s approval (approveMember, the store)'
              : 'Block a member: they can no longer sign in, their sessions end (blockMember, the store)',
          tags,
          params: IdParams,
          response: { 200: MemberReply },
        },
        preHandler: merchant,
      },
      async (request) => ({
        member: await changeStanding(deps, request.caller, request.params.id, action),
      }),
    );
  }

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Delete a member (deleteMember, the store owner): profile erased, sessions ended',
        tags,
        params: IdParams,
        response: { 200: Type.Object({}) },
      },
      preHandler: requireCaller(['staff'], { ownerOnly: true }),
    },
    async (request) => {
      await deleteMember(deps, request.caller, request.params.id);
      return {};
    },
  );

  for (const list of ['phones', 'emails', 'addresses'] as const) {
    app.delete(
      `/:id/${list}`,
      {
        schema: {
          summary: `Clear a member’s contact ${list} (the member’s own, or any for the store)`,
          tags,
          params: IdParams,
          response: { 200: MemberReply },
        },
        preHandler: requireCaller(['member', 'staff', 'app']),
      },
      async (request) => ({
        member: await clearContactList(deps, request.caller, request.params.id, list),
      }),
    );
  }

  // Calls of the module this store does not offer: a clear refusal naming the call, not a bare 404.
  for (const [method, url, call, reason] of NOT_OFFERED) {
    app.route({
      method,
      url,
      schema: { summary: `Not offered: ${call} (${reason})`, tags },
      handler: async () => {
        throw new AppError('FAILED_PRECONDITION', `This store does not offer ${call}`, {
          status: 400,
          description: `${call} is not offered: ${reason}.`,
          data: { call },
        });
      },
    });
  }

  app.get(
    '/:id',
    {
      schema: {
        summary: 'A member: the PUBLIC fieldset of others who joined the community; any of one’s own',
        tags,
        params: IdParams,
        querystring: FieldsetQuery,
        response: { 200: MemberReply },
      },
    },
    async (request) => ({
      member: await readMember(deps, request.caller, request.params.id, fieldsetOf(request.query.fieldsets)),
    }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        summary: 'Update a member’s contact and profile (the member’s own, or any for the store)',
        tags,
        params: IdParams,
        body: UpdateMemberRequest,
        response: { 200: MemberReply },
      },
      preHandler: requireCaller(['member', 'staff', 'app']),
    },
    async (request) => {
      const { id } = request.params;
      if (request.body.member.id !== undefined && request.body.member.id !== id)
        throw invalidField('member.id', 'VALIDATION', `must be the member id of the path, "${id}"`);
      await updateProfile(deps, request.caller, id, {
        profile: profileFromMember(request.body.member),
        addressesFromMembersView: true,
      });
      return { member: await readMember(deps, request.caller, id, 'FULL') };
    },
  );

  // listMembers sends its paging and sorting as `.r` (base64url JSON), its fieldsets as plain parameters.
  const ListMembersQuery = Type.Object(
    { paging: Type.Optional(OffsetPagingSchema), sorting: Type.Optional(Sorting), fieldsets: Fieldsets },
    { additionalProperties: false },
  );
  const checkListQuery = compileContract(ListMembersQuery);
  app.get(
    '',
    {
      schema: {
        summary: 'Members who joined the community (all members, for the store)',
        tags,
        querystring: Type.Object({
          '.r': Type.Optional(Type.String({ description: 'base64url of {paging, sorting, fieldsets}' })),
          fieldsets: Fieldsets,
        }),
        response: { 200: MembersReply },
      },
    },
    async (request) => {
      const decoded = request.query['.r'] ? decodeQueryParam(request.query['.r']) : {};
      rejectDeepNesting(decoded);
      const checked = checkListQuery(decoded);
      if (!checked.ok) throw new ValidationFailed(checked.violations);
      const { paging, sorting, fieldsets } = checked.value;
      return queryMembers(deps, request.caller, {
        paging: resolvePaging(paging),
        ...(sorting ? { sort: sorting } : {}),
        fieldset: fieldsetOf(fieldsets ?? request.query.fieldsets),
      });
    },
  );

  registerQueryRoute(
    app,
    {
      url: '/query',
      summary: 'Query members (queryMembers): filter, sorting and paging as the protocol’s queries',
      tags,
      body: Type.Object({
        query: Type.Optional(
          Type.Object({
            filter: Type.Optional(Type.Unknown()),
            // The query builder sends `sort`; the typings name it `sorting`.
            sort: Type.Optional(Sorting),
            sorting: Type.Optional(Sorting),
            paging: Type.Optional(OffsetPagingSchema),
          }),
        ),
        fieldsets: Fieldsets,
        search: Type.Optional(Type.Object({ expression: Type.Optional(Type.String({ maxLength: 200 })) })),
      }),
      response: { 200: MembersReply },
    },
    async (request, body) => {
      const { query, fieldsets, search } = body;
      const expression = search?.expression?.trim();
      const filter = expression
        ? {
            $and: [
              ...(query?.filter ? [query.filter] : []),
              { 'profile.nickname': { $contains: expression } },
            ],
          }
        : query?.filter;
      return queryMembers(deps, request.caller, {
        filter,
        ...(query?.sort || query?.sorting ? { sort: query.sort ?? query.sorting } : {}),
        paging: resolvePaging(query?.paging),
        fieldset: fieldsetOf(fieldsets),
      });
    },
  );
};

/** The members module under the prefixes its public client calls. */
export const membersApiRoutes: FastifyPluginAsyncTypebox<{ deps: IdentityDeps }> = async (app, { deps }) => {
  await mountOnPrefixes(app, membersApi, { deps }, ['/members/v1/members', '/_api/members/v1/members']);
};
