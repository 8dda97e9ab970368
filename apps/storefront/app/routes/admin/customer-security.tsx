import type { MemberSecondFactors } from '@openshelf/sdk';
import { Form } from 'react-router';
import { type ActionResult, FormMessage, Submit } from './ui';

/**
 * Which second factors a member has on (never a secret), and the way to turn them off for a member who
 * lost them. Its own section of the customer page.
 */
export function SecondFactorsCard({
  factors,
  result,
}: {
  factors: MemberSecondFactors;
  result: ActionResult | undefined;
}) {
  const anyOn = factors.authenticatorApp || factors.emailCodes;
  return (
    <section className="admin-card" aria-labelledby="customer-security">
      <h2 id="customer-security">Sign-in security</h2>
      <FormMessage result={result} />
      <dl className="admin-facts">
        <dt>Authenticator app</dt>
        <dd>{factors.authenticatorApp ? 'On' : 'Off'}</dd>
        <dt>Codes by e-mail</dt>
        <dd>{factors.emailCodes ? 'On' : 'Off'}</dd>
        {factors.authenticatorApp ? (
          <>
            <dt>Recovery codes left</dt>
            <dd>{factors.recoveryCodesLeft}</dd>
          </>
        ) : null}
      </dl>
      {anyOn ? (
        <>
          <p>
            A member who lost their phone and every recovery code cannot sign in. If they ask you, turn their
            second factors off: they sign in with the password alone and can set up a new app.
          </p>
          <Form method="post" className="admin-form-actions">
            <Submit intent="turn-off-second-factors" variant="danger">
              Turn off second factors…
            </Submit>
          </Form>
        </>
      ) : (
        <p className="admin-muted">No second factor: the member signs in with the password alone.</p>
      )}
    </section>
  );
}
