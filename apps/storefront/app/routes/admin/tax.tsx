import type { JurisdictionType } from '@openshelf/sdk';
import { Field, SelectField } from '../../components/Field';
import { formFailure, invalidFields } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formReader } from '../../lib/forms/form-reader';
import { countryLabel, regionLabel, regionOfCountry } from '../../lib/regions';
import type { Route } from './+types/tax';
import { CountryRegionFields } from './country-pickers';
import { DataTable } from './data-table';
import { ActionButton, CreateForm, FormMessage, PageHeader, Submit } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'Tax · Admin' }];

const JURISDICTIONS: JurisdictionType[] = ['COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL'];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  return run(async (client) => {
    const [regions, settings] = await Promise.all([client.taxRegions.list(), client.settings.get()]);
    return { regions, taxCalculation: settings.taxCalculation };
  });
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const form = formReader(await args.request.formData());
  try {
    if (form.text('intent') === 'delete') {
      await run((client) => client.taxRegions.delete(form.text('id')));
      return { ok: true, message: 'Tax region deleted.' };
    }
    const type = JURISDICTIONS.find((j) => j === form.text('jurisdictionType')) ?? 'COUNTRY';
    const country = form.text('country').toUpperCase();
    // The state list shows the last country's states until the page reloads (without JavaScript).
    const state = regionOfCountry(country, form.text('subdivision'));
    if (state && 'problem' in state) return invalidFields({ subdivision: state.problem }, { country });
    const subdivision = state && 'code' in state ? state.code : undefined;
    const region = await run((client) =>
      client.taxRegions.create({
        country,
        ...(subdivision ? { subdivision } : {}),
        ...(form.optionalText('city') ? { city: form.text('city') } : {}),
        rates: [
          {
            // Named as the place chosen when left empty ("New York", "Canada").
            jurisdiction:
              form.text('jurisdiction') ||
              (subdivision ? regionLabel(subdivision) : country ? countryLabel(country) : ''),
            jurisdictionType: type,
            rate: form.text('rate'),
          },
        ],
        taxShipping: form.checked('taxShipping'),
        manual: form.checked('manual'),
      }),
    );
    return {
      ok: true,
      message: `Tax region ${taxRegionName(region)} created.`,
    };
  } catch (error) {
    return formFailure(error, 'taxRegion.', (path) => path.replace(/^rates\[\d+\]\./, ''), {
      country: form.text('country'),
    });
  }
}

/** A tax region for people: "United States / New York / Kings / Brooklyn". */
function taxRegionName(region: { country: string; subdivision?: string; county?: string; city?: string }) {
  return [
    countryLabel(region.country),
    region.subdivision ? regionLabel(region.subdivision) : undefined,
    region.county,
    region.city,
  ]
    .filter(Boolean)
    .join(' / ');
}

export default function Tax({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  const chosenCountry = actionData && 'country' in actionData ? actionData.country : undefined;
  return (
    <>
      <PageHeader title="Tax" />
      <p className="admin-hint">
        Tax calculation is <strong>{loaderData.taxCalculation.toLowerCase()}</strong> (change it in Settings).
        Rates of a region add up.
      </p>
      <FormMessage result={actionData} />
      <div className="admin-card admin-card-flush">
        <DataTable
          label="Tax regions"
          rows={loaderData.regions}
          rowKey={(region) => region.id}
          empty="No tax regions yet: no tax is charged. Add a region below to charge tax there."
          columns={[
            {
              key: 'region',
              header: 'Region',
              rowHeader: true,
              cell: (region) => (
                <>
                  {taxRegionName(region)}
                  {region.manual ? <small className="admin-muted admin-block">Manual</small> : null}
                </>
              ),
            },
            {
              key: 'rates',
              header: 'Rates',
              cell: (region) => region.rates.map((rate) => `${rate.jurisdiction} ${rate.rate} %`).join(' + '),
            },
            {
              key: 'total',
              header: 'Total',
              numeric: true,
              cell: (region) =>
                `${Math.round(region.rates.reduce((sum, rate) => sum + rate.rate, 0) * 1000) / 1000} %`,
            },
            {
              key: 'shipping',
              header: 'Shipping taxed',
              cell: (region) => (region.taxShipping ? 'Yes' : 'No'),
            },
            {
              key: 'actions',
              actions: true,
              cell: (region) => (
                <ActionButton
                  intent="delete"
                  id={region.id}
                  variant="danger"
                  label={`Delete tax region ${taxRegionName(region)}`}
                >
                  Delete
                </ActionButton>
              ),
            },
          ]}
        />
      </div>
      <section className="admin-card" aria-labelledby="new-tax-heading">
        <h2 id="new-tax-heading">New tax region</h2>
        <CreateForm>
          <CountryRegionFields
            countryName="country"
            regionName="subdivision"
            country={typeof chosenCountry === 'string' ? chosenCountry : undefined}
            required
            errors={errors}
          />
          <Field label="City" name="city" errors={errors} />
          <Field label="Jurisdiction name" name="jurisdiction" placeholder="New York State" errors={errors} />
          <SelectField
            label="Jurisdiction type"
            name="jurisdictionType"
            options={JURISDICTIONS}
            errors={errors}
          />
          <Field
            label="Rate (%)"
            name="rate"
            inputMode="decimal"
            required
            placeholder="8.875"
            errors={errors}
          />
          <Field label="Tax shipping too" name="taxShipping" type="checkbox" />
          <Field label="Manual (also when tax is automatic)" name="manual" type="checkbox" />
          <Submit>Create tax region</Submit>
        </CreateForm>
      </section>
    </>
  );
}
