import { Form } from 'react-router';
import { Field, SelectField } from '../../components/Field';
import { formFailure, invalidFields } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import type { FormErrors } from '../../lib/forms/form-errors';
import { formReader } from '../../lib/forms/form-reader';
import { countryLabel, destinationLabel, regionLabel } from '../../lib/regions';
import type { Route } from './+types/shipping';
import { CountryRegionFields, DestinationsPicker } from './country-pickers';
import { DataTable } from './data-table';
import { shippingAction, shippingFieldName, shippingProblems } from './shipping.server';
import { ActionButton, CreateForm, Empty, FormMessage, PageHeader, Submit } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'Shipping & pickup · Admin' }];

const RATE_KINDS = [
  { value: 'FLAT', label: 'Flat rate' },
  { value: 'WEIGHT', label: 'By weight (amount + per unit)' },
  { value: 'FREE_OVER', label: 'Free over a subtotal' },
];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  return run(async (client) => {
    const [regions, pickups] = await Promise.all([
      client.shippingRegions.list(),
      client.pickupLocations.list(),
    ]);
    return { regions, pickups };
  });
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const form = formReader(await args.request.formData());
  const problems = shippingProblems(form);
  // What the refused form needs to show again: which region's form it was, the pickup's chosen country.
  const refused = {
    ...(form.text('intent') === 'update-region' ? { regionId: form.text('id') } : {}),
    country: form.text('pickup.country'),
  };
  if (problems) return invalidFields(problems, refused);
  try {
    return { ok: true, message: await run((client) => shippingAction(client, form)) };
  } catch (error) {
    return formFailure(error, '', shippingFieldName, refused);
  }
}

function RateFields({ errors }: { errors?: FormErrors | undefined }) {
  return (
    <>
      <Field
        label="Rate code"
        name="code"
        required
        placeholder="std"
        hint="Letters, digits, . _ -"
        errors={errors}
      />
      <Field label="Rate title" name="title" required placeholder="Standard" errors={errors} />
      <SelectField label="Kind" name="kind" options={RATE_KINDS} errors={errors} />
      <Field label="Amount" name="amount" inputMode="decimal" required errors={errors} />
      <Field
        label="Per weight unit"
        name="perWeightUnit"
        inputMode="decimal"
        hint="By weight only"
        errors={errors}
      />
      <Field
        label="Free over"
        name="freeOverSubtotal"
        inputMode="decimal"
        hint="Free-over only"
        errors={errors}
      />
      <Field label="Min. days" name="minDeliveryDays" type="number" min={0} errors={errors} />
      <Field label="Max. days" name="maxDeliveryDays" type="number" min={0} errors={errors} />
    </>
  );
}

type PickupView = { offeredTo: string[]; address: { country?: string } };

const offeredToEveryone = (pickup: PickupView) => pickup.offeredTo.includes('*');

/** Whose checkout offers the pickup, in words: its country by default, else what the merchant chose. */
function pickupAudience(pickup: PickupView): string {
  if (offeredToEveryone(pickup)) return 'offered to buyers anywhere';
  const places = pickup.offeredTo.length
    ? pickup.offeredTo.map(destinationLabel)
    : [pickup.address.country ? countryLabel(pickup.address.country) : 'its country'];
  return `offered to buyers in ${places.join(', ')}`;
}

export default function Shipping({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  // The form that was refused: a region's own form, else the new region's (they share input names).
  const editing = actionData && 'regionId' in actionData ? actionData.regionId : undefined;
  const pickupCountry = actionData && 'country' in actionData ? actionData.country : undefined;
  return (
    <>
      <PageHeader title="Shipping & pickup" />
      <FormMessage result={actionData} />
      {loaderData.regions.length === 0 ? (
        <Empty>No shipping regions: physical products cannot be delivered yet.</Empty>
      ) : null}
      {loaderData.regions.map((region) => (
        <section
          className="admin-card admin-card-flush"
          key={region.id}
          aria-labelledby={`region-${region.id}`}
        >
          <div className="admin-page-header admin-card-head">
            <h2 id={`region-${region.id}`}>
              {region.name}{' '}
              <small className="admin-muted">{region.destinations.map(destinationLabel).join(', ')}</small>
            </h2>
            <ActionButton
              intent="delete-region"
              id={region.id}
              variant="danger"
              label={`Delete region ${region.name}`}
            >
              Delete region
            </ActionButton>
          </div>
          <DataTable
            label={`Rates of ${region.name}`}
            rows={region.rates}
            rowKey={(rate) => rate.code}
            empty={`No rates in ${region.name} yet: shoppers there cannot choose a delivery. Add a rate below.`}
            columns={[
              {
                key: 'rate',
                header: 'Rate',
                rowHeader: true,
                cell: (rate) => (
                  <>
                    {rate.title} <small className="admin-muted">({rate.code})</small>
                  </>
                ),
              },
              {
                key: 'kind',
                header: 'Kind',
                cell: (rate) =>
                  rate.kind === 'WEIGHT'
                    ? `By weight (+${rate.perWeightUnit} per unit)`
                    : rate.kind === 'FREE_OVER'
                      ? `Free over ${rate.freeOverSubtotal}`
                      : 'Flat',
              },
              { key: 'amount', header: 'Amount', numeric: true, cell: (rate) => rate.amount },
              {
                key: 'delivery',
                header: 'Delivery',
                cell: (rate) =>
                  rate.minDeliveryDays !== undefined
                    ? `${rate.minDeliveryDays}–${rate.maxDeliveryDays ?? rate.minDeliveryDays} days`
                    : '—',
              },
              {
                key: 'actions',
                actions: true,
                cell: (rate) => (
                  <Form method="post" className="admin-inline-form">
                    <input type="hidden" name="id" value={region.id} />
                    <input type="hidden" name="code" value={rate.code} />
                    <button
                      type="submit"
                      name="intent"
                      value="delete-rate"
                      className="admin-link-button"
                      aria-label={`Remove rate ${rate.title} from ${region.name}`}
                    >
                      Remove
                    </button>
                  </Form>
                ),
              },
            ]}
          />
          <details className="admin-details">
            <summary>Edit {region.name}'s name and destinations</summary>
            <Form method="post" noValidate>
              <input type="hidden" name="id" value={region.id} />
              <Field
                label="Region name"
                name="name"
                required
                defaultValue={region.name}
                errors={editing === region.id ? errors : undefined}
              />
              <DestinationsPicker
                // Drawn afresh from what was saved, once saved.
                key={region.destinations.join()}
                selected={region.destinations}
                errors={editing === region.id ? errors : undefined}
              />
              <Submit intent="update-region" value={region.id} variant="secondary">
                Save region
              </Submit>
            </Form>
          </details>
          <details className="admin-details">
            <summary>Add a rate to {region.name}</summary>
            <Form method="post" className="admin-inline-fields" noValidate>
              <input type="hidden" name="id" value={region.id} />
              <RateFields />
              <Submit intent="add-rate" variant="secondary">
                Add rate
              </Submit>
            </Form>
          </details>
        </section>
      ))}
      <section className="admin-card" aria-labelledby="new-region-heading">
        <h2 id="new-region-heading">New shipping region</h2>
        <CreateForm>
          <Field label="Region name" name="name" required placeholder="Canada" errors={errors} />
          <DestinationsPicker errors={editing === undefined ? errors : undefined} />
          <RateFields errors={errors} />
          <Submit intent="create-region">Create region</Submit>
        </CreateForm>
      </section>
      <section className="admin-card admin-card-flush" aria-labelledby="pickup-heading">
        <h2 id="pickup-heading">Pickup locations</h2>
        {loaderData.pickups.length === 0 ? (
          <Empty>No pickup locations.</Empty>
        ) : (
          <ul className="admin-list admin-list-padded">
            {loaderData.pickups.map((pickup) => (
              <li key={pickup.id}>
                <span>
                  <strong>{pickup.title}</strong> (
                  {pickup.method === 'STORE_PICKUP' ? 'store pickup' : 'pickup point'}) ·{' '}
                  {[
                    pickup.address.addressLine,
                    pickup.address.city,
                    pickup.address.subdivision ? regionLabel(pickup.address.subdivision) : undefined,
                    pickup.address.country ? countryLabel(pickup.address.country) : undefined,
                  ]
                    .filter(Boolean)
                    .join(', ')}{' '}
                  · fee {pickup.fee} · {pickupAudience(pickup)}
                </span>
                <Form method="post" className="admin-inline-form">
                  <input type="hidden" name="id" value={pickup.id} />
                  <input type="hidden" name="offeredTo" value={offeredToEveryone(pickup) ? '' : '*'} />
                  <button
                    type="submit"
                    name="intent"
                    value="offer-pickup"
                    className="admin-link-button"
                    aria-label={`${offeredToEveryone(pickup) ? 'Offer in its country only' : 'Offer to buyers anywhere'}: ${pickup.title}`}
                  >
                    {offeredToEveryone(pickup) ? 'Offer in its country only' : 'Offer to buyers anywhere'}
                  </button>
                </Form>
                <ActionButton
                  intent="delete-pickup"
                  id={pickup.id}
                  variant="danger"
                  label={`Delete pickup location ${pickup.title}`}
                >
                  Delete
                </ActionButton>
              </li>
            ))}
          </ul>
        )}
        <details className="admin-details">
          <summary>Add a pickup location</summary>
          <CreateForm>
            <Field label="Code" name="pickup.code" required placeholder="downtown" errors={errors} />
            <Field label="Title" name="pickup.title" required placeholder="Downtown store" errors={errors} />
            <SelectField
              label="Kind"
              name="pickup.method"
              options={[
                { value: 'STORE_PICKUP', label: 'Store pickup' },
                { value: 'PICKUP_POINT', label: 'Pickup point' },
              ]}
            />
            <Field label="Street" name="pickup.addressLine" errors={errors} />
            <Field label="City" name="pickup.city" errors={errors} />
            <Field label="Postal code" name="pickup.postalCode" errors={errors} />
            <CountryRegionFields
              countryName="pickup.country"
              regionName="pickup.subdivision"
              country={typeof pickupCountry === 'string' ? pickupCountry : undefined}
              required
              errors={errors}
            />
            <Field label="Fee" name="pickup.fee" inputMode="decimal" placeholder="0" errors={errors} />
            <Field label="Instructions" name="pickup.instructions" errors={errors} />
            <SelectField
              label="Offered to"
              name="pickup.offeredTo"
              options={[
                { value: '', label: 'Buyers in its country' },
                { value: '*', label: 'Buyers anywhere' },
              ]}
            />
            <Submit intent="create-pickup" variant="secondary">
              Add pickup location
            </Submit>
          </CreateForm>
        </details>
      </section>
    </>
  );
}
