import type { Identity } from '@openshelf/sdk';
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import {
  addressFormat,
  addressFormProblems,
  addressLines,
  storeDestinations,
} from '../../lib/address.server';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { formErrors, formProblem, hasErrors } from '../../lib/forms/form-errors';
import { formReader } from '../../lib/forms/form-reader';
import { AddressFields } from '../shop/checkout-address';
import type { Route } from './+types/addresses';
import { formState } from './auth-flow.server';
import { ErrorSummary, SubmitButton } from './form-ui';
import { asMember, requireMember } from './member.server';

/** A saved address of the member's profile. */
type Address = Identity['identityProfile']['addresses'][number]['address'];

export function meta() {
  return [{ title: 'My addresses' }, { name: 'robots', content: 'noindex' }];
}

// The error summary links to these inputs; each label itself is the country's (AddressFields).
const LABELS = {
  country: 'Country',
  addressLine: 'Street address',
  addressLine2: 'Apartment, suite, unit',
  postalCode: 'Postal code',
  city: 'City',
  subdivision: 'Region',
};
const FIELDS = Object.keys(LABELS) as (keyof typeof LABELS)[];
const MAX_ADDRESSES = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireMember(request, context);
  const identity = await asMember(request, session, () => session.client.members.getCurrentMember());
  return {
    // The same countries and address forms as the checkout, where these addresses are used.
    destinations: await storeDestinations(context),
    revision: identity.revision,
    addresses: identity.identityProfile.addresses.map((saved) => ({
      ...saved,
      lines: addressLines(saved.address),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireMember(request, context);
  const form = await request.formData();
  const identity = await asMember(request, session, () => session.client.members.getCurrentMember());
  const current = identity.identityProfile.addresses;
  let next: typeof current;
  const values = formReader(form).values(FIELDS);
  let revision = identity.revision;
  // What the page shows again: a removal's answer is told apart from an address being added.
  const shown = form.get('intent') === 'remove' ? { intent: 'remove' } : values;
  if (form.get('intent') === 'remove') {
    // The index is of the list the page showed: with the revision it was shown at, an address book
    // changed elsewhere meanwhile is a 409 (reloaded, nothing removed) instead of removing another address.
    const index = Number(form.get('index'));
    revision = String(form.get('revision') ?? '') || identity.revision;
    next = current.filter((_, i) => i !== index);
  } else {
    const country = (values.country ?? '').toUpperCase();
    // Without JavaScript, "Show this country's address form": the form again, for that country.
    if (form.get('intent') === 'country') return formState(formErrors({}), values);
    const served = (await storeDestinations(context)).countries.some((c) => c.code === country);
    const problems = served
      ? addressFormProblems(await addressFormat(country), { ...values, country })
      : { country: 'Choose a country from the list.' };
    const errors = formErrors(
      problems,
      current.length >= MAX_ADDRESSES
        ? `You can keep up to ${MAX_ADDRESSES} addresses. Remove one first.`
        : undefined,
    );
    if (hasErrors(errors)) return formState(errors, values);
    const address: Address = Object.fromEntries(
      FIELDS.map((name) => [name, name === 'country' ? country : values[name]]).filter(([, value]) => value),
    );
    next = [...current, { address, tag: current.length === 0 ? 'HOME' : 'UNTAGGED' }];
  }
  try {
    await asMember(request, session, () =>
      session.client.members.updateCurrentMember({ addresses: next }, { revision }),
    );
  } catch (error) {
    if ((error as { status?: number }).status === 409) {
      return formState(
        formProblem(
          'Your addresses were changed elsewhere meanwhile. We reloaded them: check and try again.',
        ),
        shown,
        {},
        409,
      );
    }
    return formState(apiFormErrors(error), shown);
  }
  return formState(formErrors({}), form.get('intent') === 'remove' ? shown : {}, { saved: true }, 200);
}

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const adder = useFetcher<typeof action>();
  const remover = useFetcher<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  // Without JavaScript the browser posted the form and the page has the answer.
  const posted = actionData?.values.intent === 'remove' ? { removal: actionData } : { adding: actionData };
  const answer = adder.data ?? posted.adding;
  const errors = answer?.errors;
  const values = answer?.values ?? {};
  const added = adder.state === 'idle' && answer?.saved === true;
  // A removal refused (the list changed elsewhere meanwhile), shown at the list it is about.
  const removalProblem = remover.state === 'idle' ? (remover.data ?? posted.removal)?.errors.form : undefined;
  useEffect(() => {
    if (added) formRef.current?.reset();
  }, [added]);
  return (
    <section aria-labelledby="addresses-title" className="account-section">
      <h2 id="addresses-title">Addresses</h2>
      {removalProblem ? (
        <p className="alert alert-error" role="alert">
          {removalProblem}
        </p>
      ) : null}
      {loaderData.addresses.length === 0 ? (
        <p className="empty">No saved addresses yet. Add one below to check out faster.</p>
      ) : (
        <ul className="address-list">
          {loaderData.addresses.map(({ address, lines }, index) => {
            const key = `${index}-${address.addressLine}-${address.postalCode}`;
            return (
              <li key={key} className="address-card">
                <address>
                  {lines.map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
                <remover.Form method="post">
                  <input type="hidden" name="index" value={index} />
                  <input type="hidden" name="revision" value={loaderData.revision} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    className="link-button"
                    aria-label={`Remove ${address.addressLine ?? 'address'}, ${address.city ?? ''}`}
                  >
                    Remove
                  </button>
                </remover.Form>
              </li>
            );
          })}
        </ul>
      )}
      <h3>Add an address</h3>
      {added ? (
        <p className="alert alert-success" role="status">
          The address is saved.
        </p>
      ) : null}
      <ErrorSummary errors={errors} labels={LABELS} />
      <adder.Form method="post" noValidate className="stack-form" ref={formRef}>
        <AddressFields
          prefix=""
          withContact={false}
          value={{ address: values }}
          country={values.country}
          errors={errors}
          destinations={loaderData.destinations}
        />
        <SubmitButton pending={adder.state !== 'idle'} pendingLabel="Saving…" name="intent" value="add">
          Save address
        </SubmitButton>
      </adder.Form>
    </section>
  );
}
