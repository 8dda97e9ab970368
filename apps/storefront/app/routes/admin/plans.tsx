import type { CreateMembershipPlanInput } from '@openshelf/sdk';
import { Form } from 'react-router';
import { formFailure } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/plans';
import {
  ActionButton,
  Badge,
  CreateForm,
  Empty,
  Field,
  FormMessage,
  PageHeader,
  RowActions,
  Submit,
} from './ui';

// Membership plans: what they cost (a free plan is "0"), what they include, which products a membership
// pays for at checkout. Shoppers buy them on /plans (an order each; ADR 028).

export const meta: Route.MetaFunction = () => [{ title: 'Plans · Admin' }];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  return { plans: await run((client) => client.membershipPlans.list()) };
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const form = formReader(await args.request.formData());
  const intent = form.text('intent');
  const id = form.text('id');
  try {
    if (intent === 'activate' || intent === 'deactivate') {
      const plan = await run((client) =>
        client.membershipPlans.update(id, { active: intent === 'activate' }),
      );
      return { ok: true, message: `${plan.name} is ${plan.active ? 'on sale' : 'off sale'}.` };
    }
    if (intent === 'price') {
      const plan = await run((client) => client.membershipPlans.update(id, { price: form.text('price') }));
      return { ok: true, message: `${plan.name} now costs ${plan.price}.` };
    }
    const credits = form.number('credits');
    const durationDays = form.number('durationDays');
    const input: CreateMembershipPlanInput = {
      name: form.text('name'),
      price: form.text('price') || '0',
      description: form.text('description'),
      perks: form
        .text('perks')
        .split('\n')
        .map((perk) => perk.trim())
        .filter(Boolean),
      productIds: form
        .text('productIds')
        .split(/[\s,]+/)
        .filter(Boolean),
      ...(credits !== undefined ? { credits } : {}),
      ...(durationDays !== undefined ? { durationDays } : {}),
      ...(form.checked('oncePerBuyer') ? { maxPurchasesPerBuyer: 1 } : {}),
      ...(form.checked('buyerCanCancel') ? { buyerCanCancel: true } : {}),
    };
    const plan = await run((client) => client.membershipPlans.create(input));
    return { ok: true, message: `Plan ${plan.name} created.` };
  } catch (error) {
    return formFailure(error, 'membershipPlan.');
  }
}

export default function Plans({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  return (
    <>
      <PageHeader title="Plans" />
      <FormMessage result={actionData} />
      <section className="admin-card" aria-labelledby="new-plan-heading">
        <h2 id="new-plan-heading">New plan</h2>
        <CreateForm>
          <Field label="Name" name="name" required maxLength={100} errors={errors} />
          <Field label="Price" name="price" inputMode="decimal" hint="0 for a free plan" errors={errors} />
          <Field
            label="Items it pays for"
            name="credits"
            type="number"
            min={1}
            hint="Blank: unlimited"
            errors={errors}
          />
          <Field
            label="Length in days"
            name="durationDays"
            type="number"
            min={1}
            hint="Blank: no end"
            errors={errors}
          />
          <Field label="Product ids" name="productIds" hint="Separated by commas" errors={errors} />
          <Field label="Description" name="description" maxLength={2000} errors={errors} />
          <div className="admin-field">
            <label htmlFor="plan-perks">What it includes (one per line)</label>
            <textarea id="plan-perks" name="perks" rows={3} />
          </div>
          <div className="admin-field admin-field-check">
            <input id="plan-once" type="checkbox" name="oncePerBuyer" />
            <label htmlFor="plan-once">One per member</label>
          </div>
          <div className="admin-field admin-field-check">
            <input
              id="plan-cancel"
              type="checkbox"
              name="buyerCanCancel"
              aria-describedby="plan-cancel-hint"
            />
            <label htmlFor="plan-cancel">Members may cancel it</label>
            <small id="plan-cancel-hint" className="admin-muted admin-block">
              Their membership ends at once; nothing is refunded.
            </small>
          </div>
          <Submit intent="create">Create plan</Submit>
        </CreateForm>
      </section>
      <div className="admin-card admin-card-flush">
        {loaderData.plans.length === 0 ? (
          <Empty>No plans yet.</Empty>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Plan</th>
                  <th scope="col">Price</th>
                  <th scope="col">Terms</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.plans.map((plan) => (
                  <tr key={plan.id}>
                    <td>
                      <strong>{plan.name}</strong>
                      <small className="admin-muted admin-block">{plan.perks.join(' · ')}</small>
                    </td>
                    <td>
                      <Form method="post" className="admin-inline-fields">
                        <input type="hidden" name="id" value={plan.id} />
                        <label className="visually-hidden" htmlFor={`price-${plan.id}`}>
                          Price of {plan.name}
                        </label>
                        <input
                          id={`price-${plan.id}`}
                          name="price"
                          inputMode="decimal"
                          defaultValue={plan.price}
                          size={8}
                        />
                        <button
                          type="submit"
                          name="intent"
                          value="price"
                          className="admin-button admin-button-secondary"
                        >
                          Set price
                        </button>
                      </Form>
                    </td>
                    <td>
                      {plan.credits === undefined ? 'Unlimited' : `${plan.credits} items`} ·{' '}
                      {plan.durationDays === undefined ? 'no end' : `${plan.durationDays} days`}
                      {plan.maxPurchasesPerBuyer === 1 ? ' · one per member' : ''}
                      {plan.buyerCanCancel ? ' · members may cancel' : ''}
                    </td>
                    <td>
                      <Badge status={plan.active ? 'ACTIVE' : 'DISABLED'}>
                        {plan.active ? 'On sale' : 'Off sale'}
                      </Badge>
                    </td>
                    <RowActions>
                      <ActionButton
                        intent={plan.active ? 'deactivate' : 'activate'}
                        id={plan.id}
                        label={`${plan.active ? 'Stop selling' : 'Sell'} ${plan.name}`}
                      >
                        {plan.active ? 'Stop selling' : 'Sell'}
                      </ActionButton>
                    </RowActions>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
