import { useFetcher } from 'react-router';
import { Field } from '../../components/Field';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { formErrors, formProblem } from '../../lib/forms/form-errors';
import { readForm } from '../../lib/forms/read-form';
import { useFormKit } from '../../lib/forms/use-form-kit';
import type { Route } from './+types/profile';
import { formState } from './auth-flow.server';
import { ErrorSummary, SubmitButton } from './form-ui';
import { asMember, requireMember } from './member.server';
import { profileSchema } from './profile.schema';

export function meta() {
  return [{ title: 'My account' }, { name: 'robots', content: 'noindex' }];
}

const LABELS = { firstName: 'First name', lastName: 'Last name', phone: 'Phone' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireMember(request, context);
  const identity = await asMember(request, session, () => session.client.members.getCurrentMember());
  return {
    revision: identity.revision,
    email: identity.email,
    memberSince: identity.createdDate,
    firstName: identity.identityProfile.firstName ?? '',
    lastName: identity.identityProfile.lastName ?? '',
    phone: identity.identityProfile.phones[0] ?? '',
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireMember(request, context);
  const read = readForm(await request.formData(), profileSchema);
  if (read.errors) {
    const { firstName = '', lastName = '', phone = '' } = read.values;
    return formState(read.errors, { firstName, lastName, phone });
  }
  const { revision, ...kept } = read.value;
  try {
    // The form shows the first phone only: the member's other phones (saved through apps) stay.
    const current = await asMember(request, session, () => session.client.members.getCurrentMember());
    const otherPhones = current.identityProfile.phones.slice(1);
    await asMember(request, session, () =>
      session.client.members.updateCurrentMember(
        {
          firstName: kept.firstName || null,
          lastName: kept.lastName || null,
          phones: kept.phone ? [kept.phone, ...otherPhones] : otherPhones,
        },
        // The revision the form was shown with: a change made elsewhere meanwhile is a 409, not overwritten.
        { revision },
      ),
    );
  } catch (error) {
    if ((error as { status?: number }).status === 409) {
      return formState(
        formProblem('Your profile was changed elsewhere meanwhile. We reloaded it: check and save again.'),
        kept,
        {},
        409,
      );
    }
    return formState(apiFormErrors(error, { fields: { 'identity.identityProfile.phones': 'phone' } }), kept);
  }
  return formState(formErrors({}), kept, { saved: true }, 200);
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  // With JavaScript the fetcher answers; without it the browser posted the form and the page has the answer.
  const answer = fetcher.data ?? actionData;
  const kit = useFormKit(profileSchema, answer?.errors, 'profile');
  const errors = kit.errors;
  const values = answer?.values ?? loaderData;
  const since = new Date(loaderData.memberSince).toLocaleDateString('en', {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  return (
    <section aria-labelledby="profile-title" className="account-section">
      <h2 id="profile-title">Profile</h2>
      <dl className="facts">
        <div>
          <dt>E-mail</dt>
          <dd>
            {loaderData.email.address}{' '}
            {loaderData.email.isVerified ? <span className="badge badge-ok">Verified</span> : null}
          </dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{since}</dd>
        </div>
      </dl>
      {answer?.saved && fetcher.state === 'idle' ? (
        <p className="alert alert-success" role="status">
          Your profile is saved.
        </p>
      ) : null}
      <ErrorSummary errors={kit.refused} labels={LABELS} />
      <fetcher.Form method="post" className="stack-form" {...kit.form}>
        <input type="hidden" name="revision" value={loaderData.revision} />
        <div className="field-row">
          <Field
            name="firstName"
            label={LABELS.firstName}
            autoComplete="given-name"
            defaultValue={values.firstName}
            errors={errors}
          />
          <Field
            name="lastName"
            label={LABELS.lastName}
            autoComplete="family-name"
            defaultValue={values.lastName}
            errors={errors}
          />
        </div>
        <Field
          name="phone"
          label={LABELS.phone}
          type="tel"
          autoComplete="tel"
          defaultValue={values.phone}
          errors={errors}
        />
        <SubmitButton pending={fetcher.state !== 'idle'} pendingLabel="Saving…">
          Save profile
        </SubmitButton>
      </fetcher.Form>
    </section>
  );
}
