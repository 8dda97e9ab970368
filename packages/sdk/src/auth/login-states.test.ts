import { describe, expect, it } from 'vitest';
import { ApplicationError, SystemError, ValidationError } from '../errors.js';
import {
  INITIAL_LOGIN_STATE,
  LOGIN_STATES,
  type LoginResult,
  mapAuthenticationReply,
  mapLoginError,
  mapRegisterError,
} from './login-states.js';

describe('states', () => {
  it('lists the seven client login states of spec §4, then ours for a second factor', () => {
    expect(LOGIN_STATES).toEqual([
      'INITIAL',
      'SUCCESS',
      'FAILURE',
      'EMAIL_VERIFICATION_REQUIRED',
      'OWNER_APPROVAL_REQUIRED',
      'USER_CAPTCHA_REQUIRED',
      'SILENT_CAPTCHA_REQUIRED',
      'SECOND_FACTOR_REQUIRED',
    ]);
    expect(INITIAL_LOGIN_STATE).toEqual({ loginState: 'INITIAL' });
  });
});

describe('mapAuthenticationReply', () => {
  it.each<[Record<string, unknown>, LoginResult]>([
    [
      { state: 'SUCCESS', sessionToken: 'st-1', identity: { id: 'i' } },
      { loginState: 'SUCCESS', data: { sessionToken: 'st-1' } },
    ],
    [{ state: 'REQUIRE_OWNER_APPROVAL' }, { loginState: 'OWNER_APPROVAL_REQUIRED' }],
    [
      { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'state-token-1' },
      { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'state-token-1' } },
    ],
    [{ state: 'STATUS_CHECK' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
    [{ state: 'UNKNOWN_STATE' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
    [{}, { loginState: 'FAILURE', error: 'Unknown _state' }],
    [
      { state: 'success', sessionToken: 'x' },
      { loginState: 'FAILURE', error: 'Unknown _state' },
    ],
    [{ state: 'SUCCESS' }, { loginState: 'FAILURE', error: 'Missing sessionToken' }],
    [{ state: 'REQUIRE_EMAIL_VERIFICATION' }, { loginState: 'FAILURE', error: 'Missing stateToken' }],
    [
      { state: 'SUCCESS', sessionToken: 'st', additionalData: { deviceToken: { strValue: 'osd_1' } } },
      { loginState: 'SUCCESS', data: { sessionToken: 'st', deviceToken: 'osd_1' } },
    ],
    [
      { state: 'SUCCESS', sessionToken: 'st', additionalData: {} },
      { loginState: 'SUCCESS', data: { sessionToken: 'st' } },
    ],
    [
      {
        state: 'REQUIRE_MFA',
        stateToken: 'osm_1',
        requireMfaData: {
          availableFactors: [
            { factorType: 'TOTP', factorStatus: 'ENABLED' },
            { factorType: 'EMAIL', factorStatus: 'ENABLED' },
          ],
          reason: 'USER_SETTINGS',
        },
      },
      { loginState: 'SECOND_FACTOR_REQUIRED', data: { stateToken: 'osm_1', factors: ['TOTP', 'EMAIL'] } },
    ],
    [
      {
        state: 'MFA_CHALLENGE',
        stateToken: 'osm_2',
        mfaChallengeData: {
          factorType: 'EMAIL',
          verificationChallengeData: { hint: 'a***@b.co' },
          availableFactors: [{ factorType: 'EMAIL', factorStatus: 'ENABLED' }],
          reason: 'USER_SETTINGS',
        },
      },
      {
        loginState: 'SECOND_FACTOR_REQUIRED',
        data: {
          stateToken: 'osm_2',
          factors: ['EMAIL'],
          challenge: { factorType: 'EMAIL', hint: 'a***@b.co' },
        },
      },
    ],
    // Factors this client cannot complete (SMS, push…) or not enabled are not offered.
    [
      {
        state: 'REQUIRE_MFA',
        stateToken: 'osm_3',
        requireMfaData: {
          availableFactors: [
            { factorType: 'SMS', factorStatus: 'ENABLED' },
            { factorType: 'EMAIL', factorStatus: 'REQUIRE_ACTIVATION' },
            { factorType: 'TOTP', factorStatus: 'ENABLED_BY_RULE' },
          ],
        },
      },
      { loginState: 'SECOND_FACTOR_REQUIRED', data: { stateToken: 'osm_3', factors: ['TOTP'] } },
    ],
    [
      {
        state: 'REQUIRE_MFA',
        stateToken: 'osm_4',
        requireMfaData: { availableFactors: [{ factorType: 'PUSH' }] },
      },
      { loginState: 'FAILURE', error: 'No second factor this client can use' },
    ],
    [
      { state: 'REQUIRE_MFA', requireMfaData: { availableFactors: [{ factorType: 'TOTP' }] } },
      { loginState: 'FAILURE', error: 'Missing stateToken' },
    ],
    // Other platform states this client cannot continue stay failures (spec §4).
    [
      { state: 'REQUIRE_FIRST_FACTOR', stateToken: 'x' },
      { loginState: 'FAILURE', error: 'Unknown _state' },
    ],
    [{ state: 'REQUIRE_MISSING_FIELDS' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
  ])('%o → %o', (reply, expected) => {
    expect(mapAuthenticationReply(reply)).toEqual(expected);
  });
});

describe('error mappers called directly', () => {
  it('rethrow anything that is not a validation or application error', () => {
    for (const error of [new SystemError(), new TypeError('x'), 'text']) {
      expect(() => mapRegisterError(error)).toThrow();
      expect(() => mapLoginError(error)).toThrow();
    }
  });

  it('read the e-mail violation from data.type as well as the field', () => {
    const error = new ValidationError([
      { field: 'password', description: 'too short', violatedRule: 'MIN_LENGTH' },
      { field: 'loginId', description: 'not an e-mail', violatedRule: 'FORMAT', data: { type: 'EMAIL' } },
    ]);
    expect(mapRegisterError(error)).toEqual({
      loginState: 'FAILURE',
      error: 'not an e-mail',
      errorCode: 'invalidEmail',
    });
  });

  it('use the application error message (message: description) as the error text', () => {
    const error = new ApplicationError('Login failed', { code: '-19976', description: 'Wrong password' });
    expect(mapLoginError(error)).toEqual({
      loginState: 'FAILURE',
      error: 'Login failed: Wrong password',
      errorCode: 'invalidPassword',
    });
  });
});
