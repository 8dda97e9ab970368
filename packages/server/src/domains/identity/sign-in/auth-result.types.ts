import type { ServedFactorType } from '../identity.schema.js';
import type { IdentityView } from '../members/members.service.js';

/**
 * The sign-in states this server answers with: the three of spec §3 the public client handles, and the
 * platform's two second-factor states (`StateType.REQUIRE_MFA` / `MFA_CHALLENGE` of
 * @wix/auto_sdk_identity_authentication; ADR 026). Nothing else is ever sent.
 */
export type AuthState =
  | 'SUCCESS'
  | 'REQUIRE_EMAIL_VERIFICATION'
  | 'REQUIRE_OWNER_APPROVAL'
  | 'REQUIRE_MFA'
  | 'MFA_CHALLENGE';

/** REQUIRE_MFA / MFA_CHALLENGE: what the member can verify with, and the factor being verified. */
export interface SecondFactorStep {
  factors: ServedFactorType[];
  /** MFA_CHALLENGE: the chosen factor; `hint` names where an e-mailed code went (masked). */
  challenge?: { factorType: ServedFactorType; hint?: string };
}

export interface AuthResult {
  state: AuthState;
  /** SUCCESS: single-use, short-lived; exchange it at /oauth2/authorize for a code. */
  sessionToken?: string;
  /** REQUIRE_EMAIL_VERIFICATION / REQUIRE_MFA / MFA_CHALLENGE: names the pending step. */
  stateToken?: string;
  identity: IdentityView;
  secondFactor?: SecondFactorStep;
  /** SUCCESS after a second factor with rememberThisDevice: the token that skips it for 30 days. */
  deviceToken?: string;
}
