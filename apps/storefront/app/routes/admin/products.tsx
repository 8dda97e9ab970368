import type { BulkField } from '@openshelf/sdk';
import { Form, Link, useSearchParams } from 'react-router';
import { Field, SelectField } from '../../components/Field';
import { formFailure, invalidFields } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formProblem } from '../../lib/forms/form-errors';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/products';
import { DataTable } from './data-table';
import { Badge, FormMessage, GroupError, PageHeader, Pager, Submit } from './ui';

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
const STOCK_FILTERS = [
  { value: '', label: 'Any stock' },
  { value: 'IN_STOCK', label: 'In stock' },
  { value: 'PARTIALLY_OUT_OF_STOCK', label: 'Some options sold out' },
  { value: 'OUT_OF_STOCK', label: 'Sold out' },
];
/** Sorts as the URL names them (`?sort=price-asc`), and the catalog query's field for each. */
const SORT_FIELDS = {
  name: 'name',
  price: 'price',
  stock: 'stock.quantity',
  updated: 'lastUpdated',
  created: 'createdDate',
} as const;
type SortKey = keyof typeof SORT_FIELDS;
const SORTS: { value: string; label: string }[] = [
  { value: 'created-desc', label: 'Newest first' },
  { value: 'updated-desc', label: 'Recently updated' },
  { value: 'name-asc', label: 'Name, A to Z' },
  { value: 'name-desc', label: 'Name, Z to A' },
  { value: 'price-asc', label: 'Price, low to high' },
  { value: 'price-desc', label: 'Price, high to low' },
  { value: 'stock-asc', label: 'Stock, fewest first' },
  { value: 'stock-desc', label: 'Stock, most first' },
];

/** `price-asc` → the sort it names; anything else is the default (newest first, or relevance for a search). */
function parseSort(raw: string | null): { key: SortKey; order: 'ASC' | 'DESC' } | undefined {
  const [key, order] = (raw ?? '').split('-');
  if (!key || !(key in SORT_FIELDS) || (order !== 'asc' && order !== 'desc')) return undefined;
  return { key: key as SortKey, order: order === 'asc' ? 'ASC' : 'DESC' };
}

export async function loader(args: Route.LoaderArgs) {
  const { run } = await requireStaff(args);
  const params = args.url.searchParams;
  const q = params.get('q')?.trim() ?? '';
  const show = params.get('show') ?? '';
  const collection = params.get('collection') ?? '';
  const stock = STOCK_FILTERS.find((option) => option.value === params.get('stock'))?.value ?? '';
  const sort = parseSort(params.get('sort'));
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const filter = {
    ...(show === 'visible' ? { visible: true } : show === 'hidden' ? { visible: false } : {}),
    ...(collection ? { collectionIds: { $hasSome: [collection] } } : {}),
    ...(stock ? { inventoryStatus: stock } : {}),
  };
  const [page, collections] = await run((client) =>
    Promise.all([
      client.products.list({
        ...(q ? { search: q } : {}),
        ...(Object.keys(filter).length > 0 ? { filter } : {}),
        ...(sort ? { sort: [{ fieldName: SORT_FIELDS[sort.key], order: sort.order }] } : {}),
        limit: PAGE_SIZE,
        offset,
      }),
      client.collections.list({ limit: 100 }),
    ]),
  );
  return {
    q,
    show,
    collection,
    stock,
    sort: sort ? `${sort.key}-${sort.order.toLowerCase()}` : '',
    offset,
    page,
    collections: collections.collections.map(({ id, name }) => ({ value: id, label: name })),
  };
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
        ? { errors: formProblem(`${totalFailures} could not be changed: ${failures.join(' ')}`) }
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
  const filtered = Boolean(q || show || loaderData.collection || loaderData.stock);
  const errors = actionData && 'errors' in actionData ? actionData.errors : undefined;
  return (
    <>
      <PageHeader title="Products">
        <Link to="/admin/products/new" className="admin-button admin-button-primary">
          Add product
        </Link>
      </PageHeader>
      {/* Keyed by the URL: after a heading's sort link, the fields show the list as it now is. */}
      <Form method="get" className="admin-toolbar" role="search" key={search.toString()}>
        <Field
          label="Search products"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Name, brand, description"
        />
        <SelectField label="Show" name="show" options={VISIBILITY} defaultValue={show} />
        <SelectField
          label="Collection"
          name="collection"
          options={[{ value: '', label: 'All collections' }, ...loaderData.collections]}
          defaultValue={loaderData.collection}
        />
        <SelectField label="Stock" name="stock" options={STOCK_FILTERS} defaultValue={loaderData.stock} />
        <SelectField
          label="Sort by"
          name="sort"
          options={[{ value: '', label: q ? 'Best match' : 'Newest first' }, ...SORTS.slice(1)]}
          defaultValue={loaderData.sort}
        />
        <button type="submit" className="admin-button admin-button-secondary">
          Filter
        </button>
      </Form>
      <FormMessage result={actionData} />
      <Form method="post" className="admin-card admin-card-flush">
        <DataTable
          label="Products"
          rows={page.products}
          rowKey={(product) => product.id}
          sort={{ current: loaderData.sort, search }}
          empty={
            q
              ? `No products match “${q}”. Try fewer or other words.`
              : filtered
                ? 'No products match these filters. Choose “All” in one of them to see more.'
                : offset > 0
                  ? 'No more products. Go back to the previous page.'
                  : 'No products yet. Add your first one.'
          }
          columns={[
            {
              key: 'select',
              header: 'Select',
              hiddenHeader: true,
              className: 'admin-select-cell',
              cell: (product) => (
                <input type="checkbox" name="ids" value={product.id} aria-label={`Select ${product.name}`} />
              ),
            },
            {
              key: 'product',
              header: 'Product',
              rowHeader: true,
              sortKey: 'name',
              cell: (product) => (
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
              ),
            },
            {
              key: 'status',
              header: 'Status',
              cell: (product) => (
                <Badge status={product.visible ? 'ACTIVE' : 'HIDDEN'}>
                  {product.visible ? 'Visible' : 'Hidden'}
                </Badge>
              ),
            },
            { key: 'stock', header: 'Stock', sortKey: 'stock', cell: (product) => stockLabel(product.stock) },
            {
              key: 'price',
              header: 'Price',
              numeric: true,
              sortKey: 'price',
              cell: (product) => (
                <>
                  {product.priceData.formatted.discountedPrice}
                  {product.priceData.discountedPrice < product.priceData.price ? (
                    <s className="admin-muted admin-block">
                      <span className="visually-hidden">was </span>
                      {product.priceData.formatted.price}
                    </s>
                  ) : null}
                </>
              ),
            },
            {
              key: 'cost',
              header: 'Cost',
              numeric: true,
              hideOnPhone: true,
              cell: (product) => product.costAndProfitData?.formattedItemCost ?? '—',
            },
          ]}
        />
        <fieldset className="admin-bulk">
          <legend>Change the ticked products</legend>
          <GroupError errors={errors} name="ids" alert />
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
