import { useState } from 'react';
import { Field, SelectField } from '../../components/Field';
import { useHydrated } from '../../components/hydrated';
import { autoCompleteOf, type Destinations } from '../../lib/address-format';
import type { Address, CheckoutView, Contact } from '../../lib/checkout.server';
import type { FormErrors } from '../../lib/forms/form-errors';

/** The address inputs in page order (the first with an error gets the focus). */
export const ADDRESS_INPUTS = [
  'firstName',
  'lastName',
  'country',
  'addressLine',
  'addressLine2',
  'postalCode',
  'city',
  'subdivision',
  'phone',
] as const;

type Value = { address?: Address; contactDetails?: Contact } | undefined;

/**
 * A name, then the country (the countries the store serves, by name), then that country's address
 * parts in its order, named as it names them (ZIP code, Postal code, Eircode; State, Province, County)
 * with a list of its regions where it has them, then the phone. With JavaScript the parts follow the
 * chosen country at once; without it, "Show this country's address" redraws them.
 */
export function AddressFields({
  prefix,
  value,
  errors,
  destinations,
  contactOnly = false,
  withContact = true,
  country: chosen,
}: {
  /** Inputs are named `prefix.city` …, or `city` … when it is empty. */
  prefix: string;
  value: Value;
  errors: FormErrors | undefined;
  destinations: Destinations;
  /** Store pickup: only who collects the order (no address). */
  contactOnly?: boolean;
  /** Without the name and phone (an address book's entry, whose person is the member). */
  withContact?: boolean;
  /** The country the shopper last chose without JavaScript, when it is not the one stored. */
  country?: string | undefined;
}) {
  const a = value?.address ?? {};
  const c = value?.contactDetails ?? {};
  const section = prefix === 'billing' ? 'billing' : 'shipping';
  const named = (name: string) => (prefix ? `${prefix}.${name}` : name);
  const offered = (code: string | undefined) => (code && destinations.formats[code] ? code : undefined);
  const [country, setCountry] = useState(
    offered(chosen) ?? offered(a.country) ?? destinations.defaultCountry,
  );
  const hydrated = useHydrated();
  const format = destinations.formats[country];
  const sub = a.subdivision?.includes('-') ? a.subdivision.split('-')[1] : a.subdivision;
  const contact = (
    <>
      <Field
        name={named('firstName')}
        label="First name"
        autoComplete={`${section} given-name`}
        required
        defaultValue={c.firstName ?? ''}
        errors={errors}
      />
      <Field
        name={named('lastName')}
        label="Last name"
        autoComplete={`${section} family-name`}
        required
        defaultValue={c.lastName ?? ''}
        errors={errors}
      />
    </>
  );
  const phone = (
    <Field
      name={named('phone')}
      label="Phone (optional)"
      type="tel"
      autoComplete={`${section} tel`}
      defaultValue={c.phone ?? ''}
      errors={errors}
      className="span-2"
    />
  );
  return (
    <>
      {withContact || contactOnly ? contact : null}
      {/* Hidden, not removed, for pickup: going back to delivery finds the address as it was typed. */}
      <div className="address-parts" hidden={contactOnly}>
        <SelectField
          name={named('country')}
          label="Country"
          autoComplete={`${section} country`}
          value={country}
          onChange={(event) => setCountry(event.currentTarget.value)}
          errors={errors}
          className="span-2"
          options={destinations.countries.map(({ code, name, pickupOnly }) => [
            code,
            pickupOnly ? `${name} (store pickup only)` : name,
          ])}
        >
          {hydrated ? null : (
            <button
              type="submit"
              name="intent"
              value={prefix ? `${prefix}-country` : 'country'}
              className="link-button"
              formNoValidate
            >
              Show this country’s address form
            </button>
          )}
        </SelectField>
        {format?.parts.map((part) => {
          const label = part.required ? part.label : `${part.label} (optional)`;
          const name = named(part.name);
          const autoComplete = `${section} ${autoCompleteOf(part.name)}`;
          const wide = part.name === 'addressLine' || part.name === 'addressLine2';
          if (part.name === 'subdivision' && format.regions)
            return (
              <SelectField
                key={`${part.name}-list-${country}`}
                name={name}
                label={label}
                autoComplete={autoComplete}
                defaultValue={a.country === country ? (sub?.toUpperCase() ?? '') : ''}
                errors={errors}
                required={part.required}
                options={[
                  ['', `Choose a ${part.label.toLowerCase()}`],
                  ...format.regions.map(
                    ([code, regionName]) => [code.toUpperCase(), regionName] as [string, string],
                  ),
                ]}
              />
            );
          return (
            <Field
              key={part.name}
              name={name}
              label={label}
              autoComplete={autoComplete}
              required={part.required}
              defaultValue={(part.name === 'subdivision' ? sub : a[part.name]) ?? ''}
              errors={errors}
              {...(wide ? { className: 'span-2' } : {})}
            />
          );
        })}
      </div>
      {withContact || contactOnly ? phone : null}
    </>
  );
}

export function BillingFields({
  checkout,
  errors,
  destinations,
  value,
  country,
}: {
  checkout: CheckoutView;
  errors: FormErrors | undefined;
  destinations: Destinations;
  /** What was sent and refused (kept without JavaScript too), else the stored billing address. */
  value?: Value;
  country?: string | undefined;
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
          <AddressFields
            prefix="billing"
            value={value ?? checkout.billingInfo}
            errors={errors}
            destinations={destinations}
            country={country}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
