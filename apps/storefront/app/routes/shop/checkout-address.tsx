import { useContext, useState } from 'react';
import { Field, FieldError } from '../../components/Field';
import { useHydrated } from '../../components/hydrated';
import type { Address, CheckoutView, Contact } from '../../lib/checkout.server';
import { FirstError } from '../../lib/forms/first-error';
import { type FormErrors, fieldError } from '../../lib/forms/form-errors';

const COUNTRIES: [string, string][] = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['AT', 'Austria'],
  ['SE', 'Sweden'],
  ['DK', 'Denmark'],
  ['AU', 'Australia'],
];

/** The address inputs in page order (the first with an error gets the focus). */
export const ADDRESS_INPUTS = [
  'firstName',
  'lastName',
  'addressLine',
  'addressLine2',
  'city',
  'postalCode',
  'subdivision',
  'country',
  'phone',
] as const;

export function AddressFields({
  prefix,
  value,
  errors,
}: {
  prefix: string;
  value: { address?: Address; contactDetails?: Contact } | undefined;
  errors: FormErrors | undefined;
}) {
  const a = value?.address ?? {};
  const c = value?.contactDetails ?? {};
  const section = prefix === 'billing' ? 'billing' : 'shipping';
  const sub = a.subdivision?.includes('-') ? a.subdivision.split('-')[1] : a.subdivision;
  const countryError = fieldError(errors, `${prefix}.country`);
  const countryFirst = useContext(FirstError) === `${prefix}.country`;
  return (
    <>
      <Field
        name={`${prefix}.firstName`}
        label="First name"
        autoComplete={`${section} given-name`}
        required
        defaultValue={c.firstName ?? ''}
        errors={errors}
      />
      <Field
        name={`${prefix}.lastName`}
        label="Last name"
        autoComplete={`${section} family-name`}
        required
        defaultValue={c.lastName ?? ''}
        errors={errors}
      />
      <Field
        name={`${prefix}.addressLine`}
        label="Street address"
        autoComplete={`${section} address-line1`}
        required
        defaultValue={a.addressLine ?? ''}
        errors={errors}
        className="span-2"
      />
      <Field
        name={`${prefix}.addressLine2`}
        label="Apartment, suite (optional)"
        autoComplete={`${section} address-line2`}
        defaultValue={a.addressLine2 ?? ''}
        errors={errors}
        className="span-2"
      />
      <Field
        name={`${prefix}.city`}
        label="City"
        autoComplete={`${section} address-level2`}
        required
        defaultValue={a.city ?? ''}
        errors={errors}
      />
      <Field
        name={`${prefix}.postalCode`}
        label="Postal code"
        autoComplete={`${section} postal-code`}
        required
        defaultValue={a.postalCode ?? ''}
        errors={errors}
      />
      <Field
        name={`${prefix}.subdivision`}
        label="State or region (e.g. NY)"
        autoComplete={`${section} address-level1`}
        defaultValue={sub ?? ''}
        errors={errors}
      />
      <div className={`field${countryError ? ' field-invalid' : ''}`}>
        <label htmlFor={`field-${prefix}.country`}>Country</label>
        <select
          id={`field-${prefix}.country`}
          name={`${prefix}.country`}
          autoComplete={`${section} country`}
          defaultValue={a.country ?? 'US'}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `field-${prefix}.country-error` : undefined}
          {...(countryFirst ? { autoFocus: true } : {})}
        >
          {COUNTRIES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        <FieldError id={`field-${prefix}.country-error`} error={countryError} />
      </div>
      <Field
        name={`${prefix}.phone`}
        label="Phone (optional)"
        type="tel"
        autoComplete={`${section} tel`}
        defaultValue={c.phone ?? ''}
        errors={errors}
        className="span-2"
      />
    </>
  );
}

export function BillingFields({
  checkout,
  errors,
}: {
  checkout: CheckoutView;
  errors: FormErrors | undefined;
}) {
  const hasBillingErrors = Object.keys(errors?.fields ?? {}).some((k) => k.startsWith('billing.'));
  const differs = Boolean(
    checkout.billingInfo?.address?.addressLine &&
      checkout.billingInfo.address.addressLine !== checkout.shippingDestination?.address?.addressLine,
  );
  const [same, setSame] = useState(checkout.shippable && !differs && !hasBillingErrors);
  const hydrated = useHydrated();
  return (
    <fieldset className="span-2 billing">
      <legend>Billing address</legend>
      {checkout.shippable ? (
        <label className="check">
          <input
            type="checkbox"
            name="billingSame"
            defaultChecked={same}
            onChange={(e) => setSame(e.target.checked)}
          />
          Same as the delivery address
        </label>
      ) : null}
      {/* Without JavaScript the fields are always there (ignored when the box is ticked). */}
      {!same || !hydrated ? (
        <div className="form-grid">
          <AddressFields prefix="billing" value={checkout.billingInfo} errors={errors} />
        </div>
      ) : null}
    </fieldset>
  );
}
