import type { CreateMembershipPlanInput } from '@openshelf/sdk';
import { Form } from 'react-router';
import { Field } from '../../components/Field';
import { formFailure } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/plans';
import { DataTable } from './data-table';
import { ProductPicker, ProductSearchForm } from './product-picker';
import { ActionButton, Badge, CreateForm, FormMessage, PageHeader, Submit } from './ui';

// Membership plans: what they cost (a free plan is "0"), what they include, which products a membership
// pays for at checkout. Shoppers buy them on /plans (an order each; ADR 028).

export const meta: Route.MetaFunction = () => [{ title: 'Plans · Admin' }];

/** How many products the plan form lists to tick; a search finds others in a larger catalog. */
const PICKER_SIZE = 100;

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const find = args.url.searchParams.get('find')?.trim() ?? '';
  const [plans, page] = await run((client) =>
    Promise.all([
      client.membershipPlans.list(),
      client.products.list({
        ...(find ? { search: find } : { sort: [{ fieldName: 'name', order: 'ASC' as const }] }),
        limit: PICKER_SIZE,
      }),
    ]),
  );
  // The plans' products by name, for the table (a plan may pay for products not in the picker's page).
  const listed = new Set(page.products.map((product) => product.id));
  const others = [...new Set(plans.flatMap((plan) => plan.productIds ?? []))].filter((id) => !listed.has(id));
  const named = others.length
    ? await run((client) => client.products.list({ filter: { id: { $in: others } }, limit: others.length }))
    : { products: [] };
  return {
    plans,
    find,
    products: page.products.map(({ id, name }) => ({ id, name })),
    total: page.metadata.total ?? page.products.length,
    names: Object.fromEntries(
      [...page.products, ...named.products].map((product) => [product.id, product.name]),
    ),
  };
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
      productIds: form.all('productIds'),
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
        <ProductSearchForm id="plan-product-search" />
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
          <ProductPicker
            name="productIds"
            legend="Products it pays for"
            hint="A member's checkout takes these off the bill. Tick none for a plan of perks only."
            products={loaderData.products}
            total={loaderData.total}
            search={loaderData.find}
            searchParam="find"
            searchForm="plan-product-search"
            errors={errors}
          />
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
        <DataTable
          label="Plans"
          rows={loaderData.plans}
          rowKey={(plan) => plan.id}
          empty="No plans yet — create one above."
          columns={[
            {
              key: 'plan',
              header: 'Plan',
              rowHeader: true,
              cell: (plan) => (
                <>
                  <strong>{plan.name}</strong>
                  <small className="admin-muted admin-block">{plan.perks.join(' · ')}</small>
                </>
              ),
            },
            {
              key: 'price',
              header: 'Price',
              cell: (plan) => (
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
              ),
            },
            {
              key: 'terms',
              header: 'Terms',
              cell: (plan) => (
                <>
                  {plan.credits === undefined ? 'Unlimited' : `${plan.credits} items`} ·{' '}
                  {plan.durationDays === undefined ? 'no end' : `${plan.durationDays} days`}
                  {plan.maxPurchasesPerBuyer === 1 ? ' · one per member' : ''}
                  {plan.buyerCanCancel ? ' · members may cancel' : ''}
                  {(plan.productIds ?? []).length > 0 ? (
                    <small className="admin-muted admin-block">
                      Pays for:{' '}
                      {(plan.productIds ?? [])
                        .map((id) => loaderData.names[id] ?? 'a deleted product')
                        .join(', ')}
                    </small>
                  ) : null}
                </>
              ),
            },
            {
              key: 'status',
              header: 'Status',
              cell: (plan) => (
                <Badge status={plan.active ? 'ACTIVE' : 'DISABLED'}>
                  {plan.active ? 'On sale' : 'Off sale'}
                </Badge>
              ),
            },
            {
              key: 'actions',
              actions: true,
              cell: (plan) => (
                <ActionButton
                  intent={plan.active ? 'deactivate' : 'activate'}
                  id={plan.id}
                  label={`${plan.active ? 'Stop selling' : 'Sell'} ${plan.name}`}
                >
                  {plan.active ? 'Stop selling' : 'Sell'}
                </ActionButton>
              ),
            },
          ]}
        />
      </div>
    </>
  );
}
