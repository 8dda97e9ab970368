/**
 * @openshelf/sdk: the typed client for the Openshelf storefront API. Works in browsers and Node 20 (only
 * `globalThis.fetch` and `globalThis.crypto` are used); importing it has no side effects.
 *
 * @example
 * ```ts
 * import { createTokenManager, createTransport, queryProducts } from '@openshelf/sdk';
 *
 * const baseUrl = 'https://shop.example';
 * const tokens = createTokenManager({ clientId: 'client-1', baseUrl });
 * const transport = createTransport({ baseUrl, getAuthHeader: tokens.getAccessToken });
 * const page = await queryProducts(async (query) => {
 *   const reply = await transport.queryRequest<{ products: unknown[]; metadata: QueryMetadata }>(
 *     '/stores-reader/v1/products/query-platformized', { query });
 *   return { items: reply.products, metadata: reply.metadata };
 * }).eq('visible', true).limit(20).find();
 * ```
 *
 * @packageDocumentation
 */

export * from './admin/index.js';
export {
  AUTH_PATHS,
  createLoginFlow,
  type LoginFlow,
  type LoginParams,
  login,
  processVerification,
  type RegisterParams,
  register,
  sendPasswordResetEmail,
} from './auth/login.js';
export {
  type AuthErrorCode,
  type AuthenticationReply,
  type CaptchaTokens,
  INITIAL_LOGIN_STATE,
  LOGIN_STATES,
  type LoginResult,
  type LoginState,
  mapAuthenticationReply,
  mapLoginError,
  mapRegisterError,
} from './auth/login-states.js';
export {
  type AuthorizationResponse,
  CODE_CHALLENGE_METHOD,
  CODE_VERIFIER_DEFAULT_LENGTH,
  CODE_VERIFIER_MAX_LENGTH,
  CODE_VERIFIER_MIN_LENGTH,
  checkAuthorizationResponse,
  createCodeChallenge,
  createCodeVerifier,
  DEFAULT_PROMPT,
  generateOAuthData,
  INVALID_STATE_MESSAGE,
  type LoginPrompt,
  MISSING_CODE_OR_STATE_MESSAGE,
  OAUTH_FLOW_TIMEOUT_MESSAGE,
  OAUTH_FLOW_TIMEOUT_MS,
  OAUTH_SCOPE,
  type OAuthData,
  parseFromUrl,
  RESPONSE_MODES,
  type ResponseMode,
  withOAuthTimeout,
} from './auth/pkce.js';
export {
  type AccessToken,
  localStorageStorage,
  memoryStorage,
  type RefreshToken,
  type TokenRole,
  type TokenStore,
  type Tokens,
} from './auth/token-storage.js';
export {
  createTokenManager,
  isTokenExpired,
  type TokenManager,
  type TokenManagerOptions,
} from './auth/tokens.js';
export { base64UrlEncode } from './base64url.js';
export {
  ApplicationError,
  type ArgumentNames,
  errorFromResponse,
  type FieldViolation,
  isApplicationError,
  isSessionExpiredError,
  isSystemError,
  isTokenRequestError,
  isValidationError,
  mapFieldName,
  OpenshelfError,
  SessionExpiredError,
  SystemError,
  TokenRequestError,
  ValidationError,
} from './errors.js';
export { codeForStatus, statusText } from './http-status.js';
export {
  createQueryResult,
  DEFAULT_OFFSET,
  DEFAULT_PAGE_SIZE,
  type QueryExecutor,
  type QueryMetadata,
  type QueryPage,
  type QueryPaging,
  type QueryRequest,
  type QueryResult,
  type QuerySort,
  type WireFilter,
} from './paging.js';
export { QueryBuilder, queryCollections, queryProducts } from './query.js';
export { BaseFilterBuilder, type Comparable, FilterBuilder, filter } from './query-filter.js';
export { InvalidQueryError, isInvalidQueryError } from './query-rules.js';
export {
  createTransport,
  type FetchLike,
  QUERY_ARGUMENT_NAMES,
  QUERY_STRING_LIMIT,
  type QueryParams,
  type RequestOptions,
  type Transport,
  type TransportOptions,
  toJson,
} from './transport.js';
export { fromWireDate, fromWireFloat, type RevivePaths, reviveEntity } from './wire.js';
