import type { PaymentProviderSettings, StoreCurrency } from '@openshelf/sdk';
import { Form } from 'react-router';
import { Field, SelectField } from '../../components/Field';
import { formFailure } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/payment-settings';
import { type ActionResult, FormMessage, GroupError, PageHeader, Submit } from './ui';

// The store currency and who takes card payments (ADR 050): two forms, each saved on its own, since
// the currency locks at the first sale while the card provider can change at any time.

export const meta: Route.MetaFunction = () => [{ title: 'Currency & payments · Admin' }];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const [storeCurrency, paymentProviders] = await run((client) =>
    Promise.all([client.storeCurrency.get(), client.paymentProviders.get()]),
  );
  return { storeCurrency, paymentProviders };
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const form = formReader(await args.request.formData());
  const intent = form.text('intent');
  try {
    if (intent === 'currency') {
      const code = form.text('currency');
      const saved = await run((client) => client.storeCurrency.set(code));
      return { ok: true, intent, message: `The store now sells in ${saved.currency}.` };
    }
    const choice = form.text('cardProvider');
    // Sent as chosen: the server names the field when it is neither (or Stripe is not set up).
    const saved = await run((client) =>
      client.paymentProviders.set(choice as PaymentProviderSettings['cardProvider']),
    );
    return {
      ok: true,
      intent,
      message:
        saved.cardProvider === 'STRIPE'
          ? 'Card payments now go to Stripe.'
          : 'Card payments now go to the sandbox: no money moves.',
    };
  } catch (error) {
    return formFailure(error, '', {}, { intent });
  }
}

/** "Euro (EUR)". */
const currencyLabel = (choice: { code: string; name: string }) => `${choice.name} (${choice.code})`;

export default function PaymentSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { storeCurrency, paymentProviders } = loaderData as {
    storeCurrency: StoreCurrency;
    paymentProviders: PaymentProviderSettings;
  };
  const result = actionData as (ActionResult & { intent?: string }) | undefined;
  const resultOf = (intent: string) => (result?.intent === intent ? result : undefined);
  return (
    <>
      <PageHeader title="Currency & payments" />
      <section className="admin-card" aria-labelledby="currency-heading">
        <h2 id="currency-heading">Store currency</h2>
        <FormMessage result={resultOf('currency')} />
        <CurrencyForm storeCurrency={storeCurrency} errors={resultOf('currency')?.errors} />
      </section>
      <section className="admin-card" aria-labelledby="card-provider-heading">
        <h2 id="card-provider-heading">Card payments</h2>
        <FormMessage result={resultOf('cardProvider')} />
        <CardProviderForm paymentProviders={paymentProviders} errors={resultOf('cardProvider')?.errors} />
      </section>
    </>
  );
}

function CurrencyForm({
  storeCurrency,
  errors,
}: {
  storeCurrency: StoreCurrency;
  errors: ActionResult['errors'];
}) {
  const current = storeCurrency.choices.find((choice) => choice.code === storeCurrency.currency) ?? {
    code: storeCurrency.currency,
    name: storeCurrency.currency,
  };
  const note = storeCurrency.changeable
    ? `Every price is in this currency. It can change only until the first order, and only to a currency with ${storeCurrency.minorUnits} decimal places: prices keep their amounts and are not converted.`
    : `${storeCurrency.lockedReason ?? 'The store has orders: the currency can no longer change.'} To sell in another currency, start a new store with STORE_CURRENCY set to it.`;
  return (
    <Form method="post" noValidate>
      <p className="admin-hint" id="currency-note">
        {note}
      </p>
      <SelectField
        label="Currency"
        name="currency"
        options={storeCurrency.choices.map((choice) => ({
          value: choice.code,
          label: currencyLabel(choice),
        }))}
        defaultValue={current.code}
        disabled={!storeCurrency.changeable}
        aria-describedby={
          fieldErrorId(errors, 'currency') ? 'currency-note field-currency-error' : 'currency-note'
        }
        id="field-currency"
        errors={errors}
      />
      <p className="admin-hint">
        {storeCurrency.isDefault
          ? `Now the default, ${currencyLabel(current)}, from STORE_CURRENCY.`
          : `Set here (the server's default is ${storeCurrency.defaultCurrency}).`}
      </p>
      {storeCurrency.changeable ? <Submit intent="currency">Save currency</Submit> : null}
    </Form>
  );
}

const fieldErrorId = (errors: ActionResult['errors'], name: string) => Boolean(errors?.fields?.[name]);

function CardProviderForm({
  paymentProviders,
  errors,
}: {
  paymentProviders: PaymentProviderSettings;
  errors: ActionResult['errors'];
}) {
  const envVars = paymentProviders.stripeEnvironment.join(', ');
  return (
    <Form method="post" noValidate>
      <fieldset className="admin-checks">
        <legend>Who takes card payments</legend>
        <GroupError errors={errors} name="cardProvider" />
        <Field
          label="Sandbox (test cards, no money moves)"
          name="cardProvider"
          type="radio"
          value="SANDBOX"
          defaultChecked={paymentProviders.cardProvider === 'SANDBOX'}
          hint="For trying the store: shoppers enter test card numbers such as 4242 4242 4242 4242, and nobody is charged."
        />
        <Field
          label="Stripe (real card payments)"
          name="cardProvider"
          type="radio"
          value="STRIPE"
          defaultChecked={paymentProviders.cardProvider === 'STRIPE'}
          disabled={!paymentProviders.stripeConfigured}
          hint={
            paymentProviders.stripeConfigured
              ? "Shoppers pay with Stripe's card form; money goes to your Stripe account. Stripe's keys are read from the server's environment."
              : `Stripe is not set up on this server. Its keys are secrets and stay in the server's environment: set ${envVars} there and restart the server, then choose Stripe here.`
          }
        />
      </fieldset>
      <p className="admin-hint">
        {paymentProviders.isDefault
          ? 'Now the default: Stripe when its keys are set, else the sandbox.'
          : 'Chosen here. Payments already taken stay with the provider that took them (refunds go there).'}
      </p>
      <Submit intent="cardProvider">Save card payments</Submit>
    </Form>
  );
}
