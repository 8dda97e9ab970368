import type { CreateCouponInput } from '@openshelf/sdk';
import { Form, useSearchParams } from 'react-router';
import { Field, SelectField } from '../../components/Field';
import { formFailure } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/coupons';
import { DataTable } from './data-table';
import { ActionButton, Badge, CreateForm, FormMessage, formatDate, PageHeader, Pager, Submit } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'Coupons · Admin' }];

const PAGE_SIZE = 25;
const KINDS = [
  { value: 'PERCENT', label: 'Percent off' },
  { value: 'AMOUNT', label: 'Amount off' },
];
const SCOPES = [
  { value: 'GLOBAL', label: 'Whole order' },
  { value: 'SHIPPING', label: 'Shipping' },
];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const params = args.url.searchParams;
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const code = params.get('code')?.trim() || undefined;
  return {
    offset,
    code,
    ...(await run((client) => client.coupons.list({ limit: PAGE_SIZE, offset, ...(code ? { code } : {}) }))),
  };
}

export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const form = formReader(await args.request.formData());
  const intent = form.text('intent');
  const id = form.text('id');
  try {
    if (intent === 'delete') {
      await run((client) => client.coupons.delete(id));
      return { ok: true, message: 'Coupon deleted.' };
    }
    if (intent === 'activate' || intent === 'deactivate') {
      const coupon = await run((client) => client.coupons.update(id, { active: intent === 'activate' }));
      return { ok: true, message: `${coupon.code} is now ${coupon.active ? 'active' : 'inactive'}.` };
    }
    const kind = form.text('kind') === 'AMOUNT' ? 'AMOUNT' : 'PERCENT';
    const expires = form.text('expiresAt');
    const input: CreateCouponInput = {
      code: form.text('code'),
      name: form.text('name') || form.text('code'),
      kind,
      scope: form.text('scope') === 'SHIPPING' ? 'SHIPPING' : 'GLOBAL',
      ...(kind === 'PERCENT' ? { percentage: form.text('value') } : { amount: form.text('value') }),
      ...(form.optionalText('minimumSubtotal') ? { minimumSubtotal: form.text('minimumSubtotal') } : {}),
      ...(form.number('usageLimit') !== undefined ? { usageLimit: form.number('usageLimit') ?? null } : {}),
      ...(expires ? { expiresAt: new Date(`${expires}T23:59:59Z`).toISOString() } : {}),
    };
    const coupon = await run((client) => client.coupons.create(input));
    return { ok: true, message: `Coupon ${coupon.code} created.` };
  } catch (error) {
    return formFailure(error, 'coupon.', { percentage: 'value', amount: 'value' });
  }
}

export default function Coupons({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  return (
    <>
      <PageHeader title="Coupons" />
      <FormMessage result={actionData} />
      <section className="admin-card" aria-labelledby="new-coupon-heading">
        <h2 id="new-coupon-heading">New coupon</h2>
        <CreateForm>
          <Field
            label="Code"
            name="code"
            required
            maxLength={40}
            placeholder="e.g. SPRING15"
            errors={errors}
          />
          <Field label="Name" name="name" maxLength={100} errors={errors} />
          <SelectField label="Discount" name="kind" options={KINDS} errors={errors} />
          <Field
            label="Value"
            name="value"
            inputMode="decimal"
            required
            hint="Percent or amount"
            errors={errors}
          />
          <SelectField label="Applies to" name="scope" options={SCOPES} errors={errors} />
          <Field label="Minimum subtotal" name="minimumSubtotal" inputMode="decimal" errors={errors} />
          <Field label="Usage limit" name="usageLimit" type="number" min={1} errors={errors} />
          <Field label="Expires on" name="expiresAt" type="date" errors={errors} />
          <Submit intent="create">Create coupon</Submit>
        </CreateForm>
      </section>
      <Form method="get" className="admin-toolbar" role="search">
        <Field label="Find by code" name="code" type="search" defaultValue={loaderData.code} />
        <button type="submit" className="admin-button admin-button-secondary">
          Search
        </button>
      </Form>
      <div className="admin-card admin-card-flush">
        <DataTable
          label="Coupons"
          rows={loaderData.coupons}
          rowKey={(coupon) => coupon.id}
          empty={
            loaderData.code
              ? `No coupons with the code “${loaderData.code}”. Check the spelling or clear the search.`
              : loaderData.offset > 0
                ? 'No more coupons. Go back to the previous page.'
                : 'No coupons yet — create one above.'
          }
          columns={[
            {
              key: 'code',
              header: 'Code',
              rowHeader: true,
              cell: (coupon) => (
                <>
                  <strong>{coupon.code}</strong>
                  <small className="admin-muted admin-block">{coupon.name}</small>
                </>
              ),
            },
            {
              key: 'discount',
              header: 'Discount',
              cell: (coupon) => (
                <>
                  {coupon.kind === 'PERCENT' ? `${coupon.percentage} %` : coupon.amount} off{' '}
                  {coupon.scope === 'SHIPPING'
                    ? 'shipping'
                    : coupon.scope === 'SPECIFIC_ITEMS'
                      ? 'some items'
                      : 'the order'}
                  {coupon.minimumSubtotal ? ` over ${coupon.minimumSubtotal}` : ''}
                </>
              ),
            },
            {
              key: 'status',
              header: 'Status',
              cell: (coupon) => (
                <Badge status={coupon.active ? 'ACTIVE' : 'DISABLED'}>
                  {coupon.active ? 'Active' : 'Inactive'}
                </Badge>
              ),
            },
            {
              key: 'used',
              header: 'Used',
              numeric: true,
              cell: (coupon) => `${coupon.uses}${coupon.usageLimit ? ` / ${coupon.usageLimit}` : ''}`,
            },
            {
              key: 'expires',
              header: 'Expires',
              hideOnPhone: true,
              cell: (coupon) => formatDate(coupon.expiresAt),
            },
            {
              key: 'actions',
              actions: true,
              cell: (coupon) => (
                <>
                  <ActionButton
                    intent={coupon.active ? 'deactivate' : 'activate'}
                    id={coupon.id}
                    label={`${coupon.active ? 'Deactivate' : 'Activate'} ${coupon.code}`}
                  >
                    {coupon.active ? 'Deactivate' : 'Activate'}
                  </ActionButton>
                  <ActionButton
                    intent="delete"
                    id={coupon.id}
                    variant="danger"
                    label={`Delete ${coupon.code}`}
                  >
                    Delete
                  </ActionButton>
                </>
              ),
            },
          ]}
        />
      </div>
      <Pager
        search={search}
        offset={loaderData.offset}
        limit={PAGE_SIZE}
        count={loaderData.coupons.length}
        total={loaderData.metadata.total}
      />
    </>
  );
}
