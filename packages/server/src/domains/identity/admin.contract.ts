import Type from 'typebox';
import { CAPTCHA_MODES } from '../../config.js';
import { DateTimeOut, StringEnum } from '../../lib/http/wire.js';
import { OffsetPagingSchema, PagingMetadataSchema } from '../../lib/paging.js';
import { CaptchaTokensIn, IdentityOut } from './identity.contract.js';
import { IDENTITY_STATUSES, STAFF_ROLES } from './identity.schema.js';
import { MEMBER_ACTIONS } from './members/member-admin.service.js';

const Uri = Type.String({ minLength: 1, maxLength: 2048 });
const RedirectUris = Type.Array(Uri, {
  maxItems: 50,
  description:
    'Exact URIs login codes may be sent to (compared character for character; any port on http://127.0.0.1 and http://[::1]). No fragment; https, except loopback hosts, stores served over http, and private-use schemes of native apps',
});
const AllowedOrigins = Type.Array(Uri, {
  maxItems: 50,
  description:
    'Origins (https://shop.example) whose every URL the store may send a browser back to after a flow (post-flow, cart, thank-you, post-logout, overrideCheckoutUrl); login codes go to redirectUris only',
});
const AnyRedirectPath = Type.Boolean({
  description:
    'Weaker: login codes may go to any path on the allowed origins, not only to the exact redirectUris. Off for new clients; on for clients registered before exact matching (ADR 029)',
});

export const OAuthClientOut = Type.Object({
  id: Type.String({ description: 'The client id apps are configured with' }),
  name: Type.String(),
  kind: StringEnum(['public', 'confidential'] as const),
  redirectUris: Type.Array(Type.String()),
  allowedOrigins: Type.Array(Type.String()),
  allowAnyRedirectPathOnAllowedOrigins: Type.Boolean(),
  bundled: Type.Boolean(),
  createdDate: DateTimeOut(),
  updatedDate: DateTimeOut(),
  disabledDate: Type.Union([DateTimeOut(), Type.Null()]),
});

export const CreateOAuthClientRequest = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  kind: Type.Optional(StringEnum(['public', 'confidential'] as const, { default: 'public' })),
  redirectUris: Type.Optional(RedirectUris),
  allowedOrigins: Type.Optional(AllowedOrigins),
  allowAnyRedirectPathOnAllowedOrigins: Type.Optional(AnyRedirectPath),
});
export const CreateOAuthClientResponse = Type.Object({
  oauthClient: OAuthClientOut,
  clientSecret: Type.Optional(Type.String({ description: 'Confidential clients only. Shown once.' })),
});
export const UpdateOAuthClientRequest = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  redirectUris: Type.Optional(RedirectUris),
  allowedOrigins: Type.Optional(AllowedOrigins),
  allowAnyRedirectPathOnAllowedOrigins: Type.Optional(AnyRedirectPath),
  disabled: Type.Optional(Type.Boolean()),
});

export const IdentitySettingsOut = Type.Object({
  requireEmailVerification: Type.Boolean(),
  requireOwnerApproval: Type.Boolean(),
  captchaMode: StringEnum(CAPTCHA_MODES),
});
const IdentitySettingsPatch = Type.Partial(IdentitySettingsOut);
/**
 * The settings to change, flat (`{captchaMode}`) or in the store settings' shape (`{settings: {captchaMode}}`,
 * as `PATCH /admin-api/v1/store-settings` takes them); each setting once. Other fields are ignored.
 */
export const UpdateIdentitySettingsRequest = Type.Object({
  ...IdentitySettingsPatch.properties,
  settings: Type.Optional(
    Type.Partial(IdentitySettingsOut, {
      description:
        'The same settings as the store settings take them; a setting may be sent here or flat, not both',
    }),
  ),
});

export const ListMembersQuery = Type.Object({
  status: Type.Optional(StringEnum(IDENTITY_STATUSES)),
  limit: OffsetPagingSchema.properties.limit,
  offset: OffsetPagingSchema.properties.offset,
});
export const ListMembersResponse = Type.Object({
  members: Type.Array(IdentityOut),
  metadata: PagingMetadataSchema,
});
export const MemberActionParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  action: StringEnum(MEMBER_ACTIONS),
});

export const MemberParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** Which second factors a member has on; never a secret. */
export const MemberSecondFactorsOut = Type.Object({
  authenticatorApp: Type.Boolean({ description: 'An authenticator app (TOTP) is on' }),
  emailCodes: Type.Boolean({ description: 'Sign-in codes by e-mail are on' }),
  recoveryCodesLeft: Type.Integer({ description: 'Unused recovery codes of the authenticator app' }),
});

export const MemberSecondFactorsResponse = Type.Object({ secondFactors: MemberSecondFactorsOut });

export const TurnOffSecondFactorsResponse = Type.Object({
  changed: Type.Boolean({
    description: 'False when the member had no second factor on: nothing changed and nothing was sent',
  }),
  turnedOff: Type.Array(StringEnum(['TOTP', 'EMAIL'] as const), {
    description: 'The factors that were on and are now off',
  }),
  recoveryCodesDeleted: Type.Integer(),
  sessionsEnded: Type.Integer({ description: 'Sessions of the member ended (every device signed out)' }),
  message: Type.String({ description: 'What happened, in words for the merchant' }),
  secondFactors: MemberSecondFactorsOut,
});

export const StaffOut = Type.Object({
  id: Type.String(),
  email: Type.String(),
  role: StringEnum(STAFF_ROLES),
  createdDate: DateTimeOut(),
  disabledDate: Type.Union([DateTimeOut(), Type.Null()]),
});
export const StaffLoginRequest = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  /** Needed past the failed sign-in thresholds (-19971), as in shopper logins. */
  captchaTokens: CaptchaTokensIn,
});
export const StaffLoginResponse = Type.Object({
  accessToken: Type.String({ description: 'Send as the Authorization header of admin calls' }),
  expiresIn: Type.Integer(),
  staff: StaffOut,
});
export const StaffMeResponse = Type.Object({
  staff: Type.Union([StaffOut, Type.Null()]),
  role: Type.String(),
});
export const CreateStaffRequest = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  role: StringEnum(STAFF_ROLES),
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
});
export const CreateStaffResponse = Type.Object({
  staff: StaffOut,
  password: Type.String({ description: 'Shown once (generated when none was given)' }),
});

export const SigningKeyOut = Type.Object({
  kid: Type.String(),
  algorithm: Type.String(),
  createdDate: DateTimeOut(),
  retiredDate: Type.Union([DateTimeOut(), Type.Null()]),
  expiresDate: Type.Union([DateTimeOut(), Type.Null()]),
});
