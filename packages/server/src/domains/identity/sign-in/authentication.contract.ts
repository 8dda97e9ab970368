import Type from 'typebox';
import { CaptchaTokensIn, IdentityOut, ProfileIn } from '../identity.contract.js';

export const LoginId = Type.Object({ email: Type.Optional(Type.String({ maxLength: 320 })) });

export const RegisterRequest = Type.Object({
  loginId: Type.Optional(LoginId),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
  profile: Type.Optional(ProfileIn),
  captchaTokens: CaptchaTokensIn,
  clientMetaData: Type.Optional(Type.Unknown()),
});

export const LoginRequest = Type.Object({
  loginId: Type.Optional(LoginId),
  password: Type.Optional(Type.Union([Type.String({ maxLength: 1024 }), Type.Null()])),
  captchaTokens: CaptchaTokensIn,
  clientMetaData: Type.Optional(Type.Unknown()),
  stateToken: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
});

export const ChangePasswordRequest = Type.Object({
  newPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  // Ours: the current password stands in for a recent sign-in (change-password.service.ts).
  currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
  captchaTokens: CaptchaTokensIn,
});

export const SignOnRequest = Type.Object({
  loginId: LoginId,
  profile: Type.Optional(ProfileIn),
  verifyEmail: Type.Optional(Type.Boolean()),
  mergeExistingContact: Type.Optional(Type.Boolean()),
});
export const SignOnResponse = Type.Object({ sessionToken: Type.String(), identity: IdentityOut });

export const LogoutQuery = Type.Object({
  postLogoutRedirectUri: Type.Optional(Type.String({ maxLength: 2048 })),
  clientId: Type.Optional(Type.String({ maxLength: 100 })),
});
/** The protocol answers logout with a raw HTTP response description (a redirect to follow). */
export const LogoutResponse = Type.Object({
  body: Type.String(),
  statusCode: Type.Integer(),
  headers: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })),
});

export const CallbackQuery = Type.Object({
  state: Type.Optional(Type.String({ maxLength: 4000 })),
  sessionToken: Type.Optional(Type.String({ maxLength: 200 })),
});

export const FactorParams = Type.Object({ factorType: Type.String({ maxLength: 30 }) });
const CodeData = Type.Optional(Type.Object({ code: Type.Optional(Type.String({ maxLength: 100 })) }));
/**
 * The platform's `VerifyRequest` (@wix/auto_sdk_identity_authentication): the state token, the factor
 * type, one factor's data (`VerifyRequestFactorDataOneOf`) and `rememberThisDevice`. Factor data this
 * store cannot check (push, WebAuthn, password) is accepted in shape and refused by factor type.
 */
export const FactorVerifyRequest = Type.Object({
  stateToken: Type.Optional(Type.String({ maxLength: 1000 })),
  factorType: Type.Optional(Type.String({ maxLength: 30 })),
  rememberThisDevice: Type.Optional(Type.Boolean()),
  totpData: CodeData,
  smsData: CodeData,
  callData: CodeData,
  emailData: CodeData,
  recoveryCodeData: CodeData,
  pushData: Type.Optional(Type.Unknown()),
  webauthnData: Type.Optional(Type.Unknown()),
  passwordData: Type.Optional(Type.Unknown()),
});
