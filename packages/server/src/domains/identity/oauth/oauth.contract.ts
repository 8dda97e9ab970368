import Type from 'typebox';

const Str = (maxLength = 4096) => Type.Optional(Type.String({ maxLength }));

/**
 * The token request as the protocol's clients send it: camelCase JSON (OAuthStrategy), snake_case JSON
 * (external login) or an `application/x-www-form-urlencoded` form (standard OAuth 2 clients).
 */
export const TokenRequestBody = Type.Object({
  grantType: Str(40),
  grant_type: Str(40),
  clientId: Str(100),
  client_id: Str(100),
  clientSecret: Str(200),
  client_secret: Str(200),
  refreshToken: Str(200),
  refresh_token: Str(200),
  code: Str(200),
  codeVerifier: Str(200),
  code_verifier: Str(200),
  redirectUri: Str(2048),
  redirect_uri: Str(2048),
  scope: Str(200),
  memberId: Str(100),
  member_id: Str(100),
  sessionToken: Str(200),
  session_token: Str(200),
});

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer({ description: 'Seconds until the access token expires' }),
  token_type: Type.Literal('Bearer'),
  refresh_token_role: Type.Union([Type.Literal('visitor'), Type.Literal('member')]),
});

export const JwksResponse = Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) });

export const AuthorizeQuery = Type.Object({
  client_id: Str(100),
  clientId: Str(100),
  redirect_uri: Str(2048),
  redirectUri: Str(2048),
  response_type: Str(40),
  responseType: Str(40),
  code_challenge: Str(200),
  codeChallenge: Str(200),
  code_challenge_method: Str(20),
  codeChallengeMethod: Str(20),
  state: Str(1000),
  scope: Str(200),
  response_mode: Str(40),
  responseMode: Str(40),
  prompt: Str(40),
  sessionToken: Str(200),
  session_token: Str(200),
});

export const LogoutPageQuery = Type.Object({
  client_id: Str(100),
  clientId: Str(100),
  post_logout_redirect_uri: Str(2048),
  postLogoutRedirectUri: Str(2048),
  postFlowUrl: Str(2048),
  logout_token: Str(200),
});

export const TokenInfoRequest = Type.Object({ token: Type.String({ maxLength: 8192 }) });
export const TokenInfoResponse = Type.Object({
  active: Type.Boolean(),
  subjectType: Type.Optional(Type.String()),
  subjectId: Type.Optional(Type.String()),
  exp: Type.Optional(Type.String()),
  iat: Type.Optional(Type.String()),
  clientId: Type.Optional(Type.String()),
  siteId: Type.Optional(Type.String({ description: "The store's site id (the tokens' metaSiteId)" })),
  instanceId: Type.Optional(Type.String({ description: "The app's instance on this store" })),
});

/** Token errors: the protocol's error body plus RFC 6749 §5.2's `error` and `error_description`. */
export const TokenErrorResponse = Type.Object({
  message: Type.String(),
  details: Type.Object({
    applicationError: Type.Optional(
      Type.Object({
        code: Type.String(),
        description: Type.String(),
        data: Type.Record(Type.String(), Type.Unknown()),
      }),
    ),
    validationError: Type.Optional(Type.Unknown()),
  }),
  error: Type.Optional(Type.String()),
  error_description: Type.Optional(Type.String()),
});

/** RFC 8414 authorization server metadata. */
export const ServerMetadata = Type.Object({
  issuer: Type.String(),
  authorization_endpoint: Type.String(),
  token_endpoint: Type.String(),
  jwks_uri: Type.String(),
  end_session_endpoint: Type.String(),
  introspection_endpoint: Type.String(),
  response_types_supported: Type.Array(Type.String()),
  response_modes_supported: Type.Array(Type.String()),
  grant_types_supported: Type.Array(Type.String()),
  code_challenge_methods_supported: Type.Array(Type.String()),
  token_endpoint_auth_methods_supported: Type.Array(Type.String()),
  scopes_supported: Type.Array(Type.String()),
  prompt_values_supported: Type.Array(Type.String()),
});
