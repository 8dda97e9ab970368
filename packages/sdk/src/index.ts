/**
 * @openshelf/sdk: the typed client for the Openshelf storefront API. Works in browsers and Node 20 (only
 * `globalThis.fetch` and `globalThis.crypto` are used); importing it has no side effects.
 *
 * @example
 * ```ts
 * import { createClient } from '@openshelf/sdk';
 *
 * const client = createClient({ baseUrl: 'https://shop.example', clientId: 'client-1' });
 * const page = await client.products.query().eq('visible', true).ascending('price').limit(20).find();
 * await client.currentCart.addToCart({
 *   lineItems: [{ catalogReference: { catalogItemId: page.items[0].id }, quantity: 1 }],
 * });
 * ```
 *
 * @packageDocumentation
 */

export * from './admin/index.js';
export {
  type CookieAccess,
  cookieStorage,
  documentCookie,
  parseTokens,
  type RequestCookie,
  readCookie,
  requestCookie,
  serializeTokens,
} from './auth/cookie-storage.js';
export {
  AUTH_PATHS,
  chooseSecondFactor,
  createLoginFlow,
  type LoginFlow,
  type LoginParams,
  login,
  processVerification,
  type RegisterParams,
  register,
  type SecondFactorParams,
  sendPasswordResetEmail,
  verifySecondFactor,
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
  type SecondFactorStep,
  type SecondFactorType,
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
export { type ClientOptions, createClient, type OpenshelfClient } from './client.js';
export type * from './entities/index.js';
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
export { type AuthModule, type AuthUrlOptions, createAuthModule } from './modules/auth.js';
export type { AuthAccountCalls, ChangePasswordOptions } from './modules/auth-account.js';
export type { ActivatedFactor, AuthFactorCalls, EnrolledFactor } from './modules/auth-factors.js';
export {
  type CheckoutModule,
  createCheckoutModule,
  type PreparedPayment,
  type UpdateCheckoutOptions,
} from './modules/checkout.js';
export { type CollectionsModule, createCollectionsModule } from './modules/collections.js';
export type { ClientContext } from './modules/context.js';
export { type CurrentCartModule, createCurrentCartModule } from './modules/current-cart.js';
export { createMembersModule, type MembersModule } from './modules/members.js';
export { createOrdersModule, type OrderByLink, type OrdersModule } from './modules/orders.js';
export { createPaymentMethodsModule, type PaymentMethodsModule } from './modules/payment-methods.js';
export { createPlansModule, type PlansModule } from './modules/plans.js';
export { createPreferencesModule, type PreferencesModule } from './modules/preferences.js';
export {
  createProductsModule,
  type ProductQueryOptions,
  type ProductSearchResult,
  type ProductsModule,
} from './modules/products.js';
export { createRedirectsModule, type RedirectsModule } from './modules/redirects.js';
export { createSubscriptionsModule, type SubscriptionsModule } from './modules/subscriptions.js';
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
