import type { JurisdictionType } from '@openshelf/sdk';
import { formFailure } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/tax';
import { ActionButton, CreateForm, Empty, Field, FormMessage, PageHeader, SelectField, Submit } from './ui';

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
    const region = await run((client) =>
      client.taxRegions.create({
        country: form.text('country').toUpperCase(),
        ...(form.optionalText('subdivision') ? { subdivision: form.text('subdivision').toUpperCase() } : {}),
        ...(form.optionalText('city') ? { city: form.text('city') } : {}),
        rates: [
          {
            jurisdiction: form.text('jurisdiction') || form.text('country'),
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
      message: `Tax region ${[region.country, region.subdivision].filter(Boolean).join(' / ')} created.`,
    };
  } catch (error) {
    return formFailure(error, 'taxRegion.', (path) => path.replace(/^rates\[\d+\]\./, ''));
  }
}

export default function Tax({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  return (
    <>
      <PageHeader title="Tax" />
      <p className="admin-hint">
        Tax calculation is <strong>{loaderData.taxCalculation.toLowerCase()}</strong> (change it in Settings).
        Rates of a region add up.
      </p>
      <FormMessage result={actionData} />
      <div className="admin-card admin-card-flush">
        {loaderData.regions.length === 0 ? (
          <Empty>No tax regions: no tax is charged.</Empty>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Region</th>
                  <th scope="col">Rates</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                  <th scope="col">Shipping taxed</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.regions.map((region) => {
                  const name = [region.country, region.subdivision, region.county, region.city]
                    .filter(Boolean)
                    .join(' / ');
                  return (
                    <tr key={region.id}>
                      <td>
                        {name}
                        {region.manual ? <small className="admin-muted admin-block">Manual</small> : null}
                      </td>
                      <td>{region.rates.map((rate) => `${rate.jurisdiction} ${rate.rate} %`).join(' + ')}</td>
                      <td className="num">
                        {Math.round(region.rates.reduce((sum, rate) => sum + rate.rate, 0) * 1000) / 1000} %
                      </td>
                      <td>{region.taxShipping ? 'Yes' : 'No'}</td>
                      <td>
                        <ActionButton
                          intent="delete"
                          id={region.id}
                          variant="danger"
                          label={`Delete tax region ${name}`}
                        >
                          Delete
                        </ActionButton>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <section className="admin-card" aria-labelledby="new-tax-heading">
        <h2 id="new-tax-heading">New tax region</h2>
        <CreateForm>
          <Field label="Country" name="country" required maxLength={2} placeholder="US" errors={errors} />
          <Field label="State or province" name="subdivision" placeholder="US-NY" errors={errors} />
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
