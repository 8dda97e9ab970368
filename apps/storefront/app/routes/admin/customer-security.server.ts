import type { AdminClient, Customer } from '@openshelf/sdk';
import { formFailure } from '../../lib/admin/forms.server';
import { formProblem } from '../../lib/forms/form-errors';
import type { Confirmation } from './order-actions.server';

/**
 * The customer page's sign-in security form: turning off a member's second factors (they lost the phone
 * and every recovery code). Two posts, as the order page's destructive actions: the first answers with a
 * confirmation step saying what will happen, the second (`confirmed=yes`) does it. Plain HTML forms.
 */

type Run = <T>(work: (client: AdminClient) => Promise<T>) => Promise<T>;

export interface SecurityResult {
  form: 'security';
  ok: boolean;
  message?: string;
  confirm?: Confirmation;
}

export async function secondFactorsAction(run: Run, customer: Customer, confirmed: boolean) {
  const memberId = customer.memberId;
  if (!memberId) {
    return {
      form: 'security' as const,
      ok: false as const,
      errors: formProblem('This customer has no account: there is no sign-in to change.'),
    };
  }
  if (!confirmed) {
    return {
      form: 'security',
      ok: true,
      confirm: {
        intent: 'turn-off-second-factors',
        title: `Turn off the second factors of ${customer.email}?`,
        button: 'Yes, turn them off',
        fields: [],
        details: [
          'The authenticator app and codes by e-mail stop being asked for: the member can sign in with the password alone, until they set up a new app.',
          'Every device signed in to the account is signed out.',
          'Their recovery codes are deleted.',
          'The member is told by e-mail, with what to do if they did not ask for it.',
          'Do this only when the member asked you and you are sure it is them (for example, they wrote from the e-mail address above).',
        ],
      },
    } satisfies SecurityResult;
  }
  try {
    const outcome = await run((client) => client.customers.turnOffSecondFactors(memberId));
    return { form: 'security', ok: true, message: outcome.message } satisfies SecurityResult;
  } catch (error) {
    return formFailure(error, '', {}, { form: 'security' as const });
  }
}
