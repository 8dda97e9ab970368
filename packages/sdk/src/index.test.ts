import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('public barrel', () => {
  it('exports exactly the public runtime API', async () => {
    const sdk = await import('./index.js');
    expect(Object.keys(sdk).sort()).toEqual(
      [
        'AUTH_PATHS',
        'ApplicationError',
        'BaseFilterBuilder',
        'CODE_CHALLENGE_METHOD',
        'CODE_VERIFIER_DEFAULT_LENGTH',
        'CODE_VERIFIER_MAX_LENGTH',
        'CODE_VERIFIER_MIN_LENGTH',
        'DEFAULT_OFFSET',
        'DEFAULT_PAGE_SIZE',
        'DEFAULT_PROMPT',
        'FilterBuilder',
        'INITIAL_LOGIN_STATE',
        'INVALID_STATE_MESSAGE',
        'InvalidQueryError',
        'LOGIN_STATES',
        'MISSING_CODE_OR_STATE_MESSAGE',
        'OAUTH_FLOW_TIMEOUT_MESSAGE',
        'OAUTH_FLOW_TIMEOUT_MS',
        'OAUTH_SCOPE',
        'OpenshelfError',
        'QUERY_ARGUMENT_NAMES',
        'QUERY_STRING_LIMIT',
        'QueryBuilder',
        'RESPONSE_MODES',
        'SessionExpiredError',
        'SystemError',
        'TokenRequestError',
        'ValidationError',
        'cookieStorage',
        'createAdminClient',
        'createAuthModule',
        'createCheckoutModule',
        'createClient',
        'createCollectionsModule',
        'createCurrentCartModule',
        'createMembersModule',
        'createOrdersModule',
        'createPaymentMethodsModule',
        'createPlansModule',
        'createPreferencesModule',
        'createProductsModule',
        'createRedirectsModule',
        'createSubscriptionsModule',
        'documentCookie',
        'base64UrlEncode',
        'checkAuthorizationResponse',
        'chooseSecondFactor',
        'codeForStatus',
        'createCodeChallenge',
        'createCodeVerifier',
        'createLoginFlow',
        'createQueryResult',
        'createTokenManager',
        'createTransport',
        'errorFromResponse',
        'filter',
        'fromWireDate',
        'fromWireFloat',
        'generateOAuthData',
        'isApplicationError',
        'isInvalidQueryError',
        'isSessionExpiredError',
        'isSystemError',
        'isTokenExpired',
        'isTokenRequestError',
        'isValidationError',
        'localStorageStorage',
        'login',
        'mapAuthenticationReply',
        'mapFieldName',
        'mapLoginError',
        'mapRegisterError',
        'parseTokens',
        'memoryStorage',
        'parseFromUrl',
        'processVerification',
        'readCookie',
        'requestCookie',
        'queryCollections',
        'queryProducts',
        'register',
        'reviveEntity',
        'sendPasswordResetEmail',
        'serializeTokens',
        'statusText',
        'toJson',
        'toMinorUnits',
        'verifySecondFactor',
        'withOAuthTimeout',
      ].sort(),
    );
    expect(sdk.DEFAULT_PAGE_SIZE).toBe(50);
    expect(sdk.QUERY_STRING_LIMIT).toBe(4000);
  });

  it('does nothing at import time: no fetch, no crypto, no storage', async () => {
    vi.resetModules();
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const random = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const digest = vi.spyOn(globalThis.crypto.subtle, 'digest');
    const storage = { getItem: vi.fn(), setItem: vi.fn(), removeItem: vi.fn() };
    vi.stubGlobal('localStorage', storage);
    await import('./index.js');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(random).not.toHaveBeenCalled();
    expect(digest).not.toHaveBeenCalled();
    expect(storage.getItem).not.toHaveBeenCalled();
  });
});
