import type { BulkField } from '@openshelf/sdk';
import { Form, Link, useSearchParams } from 'react-router';
import { formFailure, invalidFields } from '../../lib/admin/forms.server';
import { requireStaff } from '../../lib/admin/session.server';
import { formProblem } from '../../lib/forms/form-errors';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/products';
import { Badge, Empty, Field, FormMessage, GroupError, PageHeader, Pager, SelectField, Submit } from './ui';

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
        {page.products.length === 0 ? (
          <Empty>
            {q
              ? `No products match “${q}”. Try fewer or other words.`
              : filtered
                ? 'No products match these filters. Choose “All” in one of them to see more.'
                : 'No products yet. Add your first one.'}
          </Empty>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col" className="admin-select-cell">
                    <span className="visually-hidden">Select</span>
                  </th>
                  <SortHeader label="Product" sortKey="name" current={loaderData.sort} search={search} />
                  <th scope="col">Status</th>
                  <SortHeader label="Stock" sortKey="stock" current={loaderData.sort} search={search} />
                  <SortHeader
                    label="Price"
                    sortKey="price"
                    current={loaderData.sort}
                    search={search}
                    className="num"
                  />
                  <th scope="col" className="num">
                    Cost
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.products.map((product) => (
                  <tr key={product.id}>
                    <td className="admin-select-cell">
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
                    <td className="num">
                      {product.priceData.formatted.discountedPrice}
                      {product.priceData.discountedPrice < product.priceData.price ? (
                        <s className="admin-muted admin-block">
                          <span className="visually-hidden">was </span>
                          {product.priceData.formatted.price}
                        </s>
                      ) : null}
                    </td>
                    <td className="num">{product.costAndProfitData?.formattedItemCost ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
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

/**
 * A column heading that sorts the list by its column: ascending first, then descending; `aria-sort` says
 * which way the list is sorted now. The other filters stay in the URL; paging starts over.
 */
function SortHeader({
  label,
  sortKey,
  current,
  search,
  className,
}: {
  label: string;
  sortKey: SortKey;
  current: string;
  search: URLSearchParams;
  className?: string;
}) {
  const [key, order] = current.split('-');
  const active = key === sortKey;
  const next = new URLSearchParams(search);
  next.set('sort', `${sortKey}-${active && order === 'asc' ? 'desc' : 'asc'}`);
  next.delete('offset');
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Link to={`?${next.toString()}`} className="admin-sort-link">
        {label}
        <span aria-hidden="true">{active ? (order === 'asc' ? ' ↑' : ' ↓') : ''}</span>
      </Link>
    </th>
  );
}

function stockLabel(stock: { trackInventory: boolean; quantity?: number; inventoryStatus: string }): string {
  if (stock.inventoryStatus === 'OUT_OF_STOCK') return 'Sold out';
  if (stock.inventoryStatus === 'PARTIALLY_OUT_OF_STOCK') return 'Some options sold out';
  return stock.trackInventory && stock.quantity !== undefined ? `${stock.quantity} in stock` : 'In stock';
}
