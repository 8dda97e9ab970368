import type { StoreSettings } from '@openshelf/sdk';
import { Form, Link } from 'react-router';
import { Field, SelectField } from '../../components/Field';
import { formFailure, invalidFields } from '../../lib/admin/forms.server';
import { IMAGE_ACCEPT, IMAGE_FORMATS } from '../../lib/admin/product-images';
import { requireStaff } from '../../lib/admin/session.server';
import { formReader } from '../../lib/forms/form-reader';
import { regionOfCountry } from '../../lib/regions';
import type { Route } from './+types/settings';
import { CountryRegionFields } from './country-pickers';
import { FormMessage, PageHeader, Submit } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'Settings · Admin' }];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  return { settings: await run((client) => client.settings.get()) };
}

function oneOf<T extends string>(value: string, options: readonly T[], fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const data = await args.request.formData();
  const form = formReader(data);
  const country = form.text('businessAddress.country').toUpperCase();
  // The state list shows the saved country's states until the page reloads (without JavaScript).
  const region = regionOfCountry(country, form.text('businessAddress.subdivision'));
  if (region && 'problem' in region) {
    return invalidFields({ 'businessAddress.subdivision': region.problem }, { country });
  }
  const logoFile = data.get('logo');
  // A new logo goes to the media library first (the server checks it is an image by its content).
  let logoMediaId: string | null | undefined = form.checked('removeLogo') ? null : undefined;
  if (logoFile instanceof File && logoFile.size > 0) {
    try {
      logoMediaId = (
        await run((client) => client.media.upload(logoFile, logoFile.name, 'public', { mediaType: 'image' }))
      ).id;
    } catch (error) {
      return formFailure(error, '', () => 'logo');
    }
  }
  try {
    await run((client) =>
      client.settings.update({
        storeName: form.optionalText('storeName') ?? null,
        contactEmail: form.optionalText('contactEmail') ?? null,
        ...(logoMediaId !== undefined ? { logoMediaId } : {}),
        weightUnit: oneOf(form.text('weightUnit'), ['KG', 'LB'] as const, 'KG'),
        taxCalculation: oneOf(form.text('taxCalculation'), ['NONE', 'MANUAL', 'AUTO'] as const, 'NONE'),
        pricesIncludeTax: form.checked('pricesIncludeTax'),
        taxableAddressType: oneOf(
          form.text('taxableAddressType'),
          ['SHIPPING', 'BILLING', 'BUSINESS'] as const,
          'SHIPPING',
        ),
        checkoutHoldMinutes: form.number('checkoutHoldMinutes') ?? 30,
        // Sent as chosen: the server checks it and names the field when it is not a known mode.
        ...(form.optionalText('cardCapture')
          ? { cardCapture: form.text('cardCapture') as StoreSettings['cardCapture'] }
          : {}),
        businessAddress: country
          ? {
              country,
              ...(region && 'code' in region ? { subdivision: region.code } : {}),
              ...(form.optionalText('businessAddress.city')
                ? { city: form.text('businessAddress.city') }
                : {}),
              ...(form.optionalText('businessAddress.postalCode')
                ? { postalCode: form.text('businessAddress.postalCode') }
                : {}),
              ...(form.optionalText('businessAddress.addressLine')
                ? { addressLine: form.text('businessAddress.addressLine') }
                : {}),
            }
          : null,
      }),
    );
    return { ok: true, message: 'Settings saved.' };
  } catch (error) {
    return formFailure(error, 'settings.', (path) => (path === 'logoMediaId' ? 'logo' : path));
  }
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const settings: StoreSettings = loaderData.settings;
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  const address = settings.businessAddress ?? {};
  // After a refusal, the country just chosen (its states are then the ones listed).
  const chosenCountry = actionData && 'country' in actionData ? actionData.country : undefined;
  return (
    <>
      <PageHeader title="Settings" />
      <p className="admin-hint">
        The e-mails shoppers receive use the name, logo and contact below:{' '}
        <Link to="/admin/settings/emails">preview the e-mails</Link>.
      </p>
      <FormMessage result={actionData} />
      <Form method="post" encType="multipart/form-data" noValidate>
        <section className="admin-card" aria-labelledby="identity-heading">
          <h2 id="identity-heading">Store name, logo and contact</h2>
          <div className="admin-row">
            <Field
              label="Store name"
              name="storeName"
              defaultValue={settings.storeNameSet ? settings.storeName : ''}
              placeholder={settings.storeNameSet ? undefined : settings.storeName}
              maxLength={80}
              hint={
                settings.storeNameSet
                  ? 'Shown in the shop, page titles and e-mails. Empty it to use the default name again.'
                  : `Shown in the shop, page titles and e-mails. Now the default, “${settings.storeName}” (STORE_NAME).`
              }
              errors={errors}
            />
            <Field
              label="Contact e-mail"
              name="contactEmail"
              type="email"
              defaultValue={settings.contactEmail ?? ''}
              placeholder="hello@yourshop.example"
              hint="Shoppers' replies to the store's e-mails go here."
              errors={errors}
            />
          </div>
          <div className="admin-row">
            {settings.logo ? (
              <div className="admin-field">
                <span className="admin-field-label">Current logo</span>
                <img
                  className="admin-logo-preview"
                  src={`${settings.logo.url}?w=256`}
                  alt={`${settings.storeName} logo`}
                  height={64}
                />
                <Field label="Remove the logo" name="removeLogo" type="checkbox" />
              </div>
            ) : null}
            <Field
              // Emptied after each save (a new key), so a saved logo is not uploaded again next time.
              key={String(settings.updatedDate ?? '')}
              label={settings.logo ? 'New logo' : 'Logo'}
              name="logo"
              type="file"
              accept={IMAGE_ACCEPT}
              hint={`An image: ${IMAGE_FORMATS}. Shown in the shop's header.`}
              errors={errors}
            />
          </div>
        </section>
        <section className="admin-card" aria-labelledby="general-heading">
          <h2 id="general-heading">Store</h2>
          <p className="admin-hint">
            Currency: <strong>{settings.currency}</strong> (
            <Link to="/admin/payments">change it under Currency &amp; payments</Link>, until the first order).
          </p>
          <div className="admin-row">
            <SelectField
              label="Weight unit"
              name="weightUnit"
              options={['KG', 'LB']}
              defaultValue={settings.weightUnit}
              errors={errors}
            />
            <Field
              label="Checkout price hold (minutes)"
              name="checkoutHoldMinutes"
              type="number"
              min={1}
              max={10080}
              defaultValue={settings.checkoutHoldMinutes}
              errors={errors}
            />
          </div>
        </section>
        <section className="admin-card" aria-labelledby="payments-settings-heading">
          <h2 id="payments-settings-heading">Payments</h2>
          <SelectField
            label="Card payments"
            name="cardCapture"
            options={[
              { value: 'AUTOMATIC', label: 'Capture automatically' },
              { value: 'MANUAL', label: 'Authorize only, capture manually' },
            ]}
            defaultValue={settings.cardCapture}
            errors={errors}
          />
          <p className="admin-hint">
            Authorize only: the buyer's card is held at checkout, not charged. Capture or void each order's
            payment from its page; card networks release holds not captured within about 7 days.
          </p>
        </section>
        <section className="admin-card" aria-labelledby="tax-settings-heading">
          <h2 id="tax-settings-heading">Tax</h2>
          <div className="admin-row">
            <SelectField
              label="Tax calculation"
              name="taxCalculation"
              options={[
                { value: 'NONE', label: 'None' },
                { value: 'MANUAL', label: 'Manual (tax regions)' },
                { value: 'AUTO', label: 'Automatic (provider, regions as fallback)' },
              ]}
              defaultValue={settings.taxCalculation}
              errors={errors}
            />
            <SelectField
              label="Tax by address"
              name="taxableAddressType"
              options={[
                { value: 'SHIPPING', label: 'Shipping address' },
                { value: 'BILLING', label: 'Billing address' },
                { value: 'BUSINESS', label: 'Business address' },
              ]}
              defaultValue={settings.taxableAddressType}
              errors={errors}
            />
          </div>
          <Field
            label="Prices include tax"
            name="pricesIncludeTax"
            type="checkbox"
            defaultChecked={settings.pricesIncludeTax}
          />
        </section>
        <section className="admin-card" aria-labelledby="address-heading">
          <h2 id="address-heading">Business address</h2>
          <div className="admin-row">
            <CountryRegionFields
              // Drawn afresh from what was saved, once saved.
              key={`${address.country ?? ''}${address.subdivision ?? ''}`}
              countryName="businessAddress.country"
              regionName="businessAddress.subdivision"
              country={typeof chosenCountry === 'string' ? chosenCountry : address.country}
              region={address.subdivision}
              errors={errors}
            />
            <Field
              label="Street"
              name="businessAddress.addressLine"
              defaultValue={address.addressLine}
              errors={errors}
            />
            <Field label="City" name="businessAddress.city" defaultValue={address.city} errors={errors} />
            <Field
              label="Postal code"
              name="businessAddress.postalCode"
              defaultValue={address.postalCode}
              errors={errors}
            />
          </div>
        </section>
        <div className="admin-form-actions">
          <Submit>Save settings</Submit>
        </div>
      </Form>
    </>
  );
}
