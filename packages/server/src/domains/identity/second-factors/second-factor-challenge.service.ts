import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client.js';
import type { MailMessage } from '../../mail/index.js';
import { memberFactors, SERVED_FACTOR_TYPES, type ServedFactorType } from '../identity.schema.js';
import { factorCodeEmail } from '../identity-mail.mapper.js';
import type { IdentityRow, IdentityView } from '../members/members.service.js';
import { newEmailedCode } from '../secrets.rules.js';
import type { AuthResult } from '../sign-in/auth-result.types.js';
import { createIdentityToken, TOKEN_TTL_SECONDS } from '../sign-in/identity-tokens.service.js';

/** What an MFA state token remembers between the steps of one login. */
export interface MfaStepData {
  /** The code e-mailed for this step (EMAIL factor), salted and hashed. */
  emailCode?: { salt: string; codeHash: string };
}

/** The member's active second factors, authenticator app first (the one offered by default). */
export async function activeSecondFactors(db: DbOrTx, identityId: string): Promise<ServedFactorType[]> {
  const rows = await db
    .select({ type: memberFactors.type })
    .from(memberFactors)
    .where(and(eq(memberFactors.identityId, identityId), eq(memberFactors.status, 'ACTIVE')))
    .orderBy(asc(memberFactors.createdDate));
  const types = new Set(rows.map((row) => row.type));
  return SERVED_FACTOR_TYPES.filter((type) => types.has(type));
}

/** Where an e-mailed code went, without giving the address away: `a***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email.charAt(0)}***${email.slice(at)}`;
}

/** The e-mail carrying a login step's code. */
export function loginCodeEmail(to: string, code: string): MailMessage {
  return factorCodeEmail({
    to,
    code,
    minutes: TOKEN_TTL_SECONDS.mfa / 60,
    purpose: 'login',
  });
}

/**
 * The second-factor step of a login whose password (or code) was right. With a choice to make, or only
 * an authenticator app, the answer is REQUIRE_MFA listing the factors. When the member's only factor is
 * EMAIL there is nothing to choose: the code is e-mailed at once and the answer is MFA_CHALLENGE, as the
 * platform answers a verify that picked a factor.
 */
export async function beginSecondFactor(
  tx: Tx,
  outbox: MailMessage[],
  input: {
    identity: Pick<IdentityRow, 'id' | 'email'>;
    view: IdentityView;
    factors: ServedFactorType[];
    visitorId: string | null;
    clientId: string | null;
    now: Date;
  },
): Promise<AuthResult> {
  const { identity, view, factors } = input;
  const origin = {
    purpose: 'mfa' as const,
    identityId: identity.id,
    visitorId: input.visitorId,
    clientId: input.clientId,
    now: input.now,
  };
  if (factors.length === 1 && factors[0] === 'EMAIL') {
    const { code, stored } = newEmailedCode();
    const data: MfaStepData = { emailCode: stored };
    const stateToken = await createIdentityToken(tx, { ...origin, data: { ...data } });
    outbox.push(loginCodeEmail(identity.email, code));
    return {
      state: 'MFA_CHALLENGE',
      stateToken,
      identity: view,
      secondFactor: { factors, challenge: { factorType: 'EMAIL', hint: maskEmail(identity.email) } },
    };
  }
  const stateToken = await createIdentityToken(tx, origin);
  return { state: 'REQUIRE_MFA', stateToken, identity: view, secondFactor: { factors } };
}
