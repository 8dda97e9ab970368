import type { BulkField } from '@openshelf/sdk';
import { Form, Link, useSearchParams } from 'react-router';
import { formFailure, formReader, invalidFields } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import type { Route } from './+types/products';
import { Badge, Empty, Field, FormMessage, PageHeader, Pager, SelectField, Submit } from './ui';

export const meta: Route.MetaFunction = () => [{ title: 'Products · Admin' }];

const PAGE_SIZE = 25;
const FIELDS: { value: BulkField; label: string }[] = [
  { value: 'price', label: 'Price' },
  { value: 'cost', label: 'Cost' },
  { value: 'weight', label: 'Weight' },
];
const MODES = [
  { value: 'set', label: 'Set to' },
  { value: 'amount', label: 'Change by amount (+/−)' },
  { value: 'percent', label: 'Change by percent (+/−)' },
];
const VISIBILITY = [
  { value: '', label: 'All products' },
  { value: 'visible', label: 'Visible in the shop' },
  { value: 'hidden', label: 'Hidden' },
];

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const params = args.url.searchParams;
  const q = params.get('q')?.trim() ?? '';
  const show = params.get('show') ?? '';
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const filter = show === 'visible' ? { visible: true } : show === 'hidden' ? { visible: false } : undefined;
  const page = await run((client) =>
    client.products.list({
      ...(q ? { search: q } : {}),
      ...(filter ? { filter } : {}),
      limit: PAGE_SIZE,
      offset,
    }),
  );
  return { q, show, offset, page };
}

/** Bulk price, cost or weight changes on the ticked products, in one transaction on the server. */
export async function action(args: Route.ActionArgs) {
  const { run } = await requireStaff(args);
  const form = formReader(await args.request.formData());
  const ids = form.all('ids');
  const field = form.text('field') as BulkField;
  const mode = form.text('mode');
  const value = form.number('value');
  const errors: Record<string, string> = {};
  if (ids.length === 0) errors.ids = 'Tick at least one product to change.';
  if (!FIELDS.some((option) => option.value === field)) errors.field = 'Choose price, cost or weight.';
  if (value === undefined || Number.isNaN(value)) errors.value = 'Enter a number, e.g. 12.50 or -10.';
  else if (mode === 'percent' && !Number.isInteger(value))
    errors.value = 'Percentages are whole numbers, e.g. -15.';
  if (Object.keys(errors).length > 0 || value === undefined) return invalidFields(errors);
  try {
    const result = await run((client) =>
      mode === 'set'
        ? client.products.bulkSet(ids, field, value)
        : client.products.bulkAdjust(
            ids,
            field,
            mode === 'percent' ? { percentage: { rate: value, roundToInt: false } } : { amount: value },
          ),
    );
    const { totalSuccesses, totalFailures } = result.bulkActionMetadata;
    const failures = result.results
      .filter((item) => !item.itemMetadata.success)
      .map((item) => item.itemMetadata.error?.description)
      .filter(Boolean);
    return {
      ok: totalFailures === 0,
      message: `Updated ${totalSuccesses} product${totalSuccesses === 1 ? '' : 's'}.`,
      ...(totalFailures > 0
        ? { formError: `${totalFailures} could not be changed: ${failures.join(' ')}` }
        : {}),
    };
  } catch (error) {
    return formFailure(error, '', {
      'set.price': 'value',
      'set.cost': 'value',
      'set.weight': 'value',
      ids: 'ids',
    });
  }
}

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const { page, q, show, offset } = loaderData;
  const errors = actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : undefined;
  return (
    <>
      <PageHeader title="Products">
        <Link to="/admin/products/new" className="admin-button admin-button-primary">
          Add product
        </Link>
      </PageHeader>
      <Form method="get" className="admin-toolbar" role="search">
        <Field
          label="Search products"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Name, brand, description"
        />
        <SelectField label="Show" name="show" options={VISIBILITY} defaultValue={show} />
        <button type="submit" className="admin-button admin-button-secondary">
          Search
        </button>
      </Form>
      <FormMessage result={actionData} />
      <Form method="post" className="admin-card admin-card-flush">
        {page.products.length === 0 ? (
          <Empty>
            {q
              ? `No products match “${q}”. Try fewer or other words.`
              : 'No products yet. Add your first one.'}
          </Empty>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col" className="check">
                    <span className="visually-hidden">Select</span>
                  </th>
                  <th scope="col">Product</th>
                  <th scope="col">Status</th>
                  <th scope="col">Stock</th>
                  <th scope="col" className="num">
                    Price
                  </th>
                  <th scope="col" className="num">
                    Cost
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.products.map((product) => (
                  <tr key={product.id}>
                    <td className="check">
                      <input
                        type="checkbox"
                        name="ids"
                        value={product.id}
                        aria-label={`Select ${product.name}`}
                      />
                    </td>
                    <td>
                      <div className="admin-product-cell">
                        {product.media.mainMedia?.thumbnail?.url ? (
                          <img
                            src={product.media.mainMedia.thumbnail.url}
                            alt=""
                            width={40}
                            height={40}
                            loading="lazy"
                          />
                        ) : (
                          <span className="admin-thumb-empty" aria-hidden="true" />
                        )}
                        <Link to={`/admin/products/${product.id}`}>{product.name}</Link>
                      </div>
                    </td>
                    <td>
                      <Badge status={product.visible ? 'ACTIVE' : 'HIDDEN'}>
                        {product.visible ? 'Visible' : 'Hidden'}
                      </Badge>
                    </td>
                    <td>{stockLabel(product.stock)}</td>
                    <td className="num">{product.priceData.formatted.discountedPrice}</td>
                    <td className="num">{product.costAndProfitData?.formattedItemCost ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <fieldset className="admin-bulk">
          <legend>Change the ticked products</legend>
          {errors?.ids ? (
            <p className="admin-field-error" role="alert">
              {errors.ids}
            </p>
          ) : null}
          <SelectField label="Field to change" name="field" options={FIELDS} errors={errors} />
          <SelectField label="How to change it" name="mode" options={MODES} />
          <Field
            label="Value or change"
            name="value"
            inputMode="decimal"
            errors={errors}
            placeholder="e.g. 19.99 or -10"
          />
          <Submit>Apply</Submit>
        </fieldset>
      </Form>
      <Pager
        search={search}
        offset={offset}
        limit={PAGE_SIZE}
        count={page.products.length}
        total={page.metadata.total}
      />
    </>
  );
}

function stockLabel(stock: { trackInventory: boolean; quantity?: number; inventoryStatus: string }): string {
  if (stock.inventoryStatus === 'OUT_OF_STOCK') return 'Sold out';
  if (stock.inventoryStatus === 'PARTIALLY_OUT_OF_STOCK') return 'Some options sold out';
  return stock.trackInventory && stock.quantity !== undefined ? `${stock.quantity} in stock` : 'In stock';
}
