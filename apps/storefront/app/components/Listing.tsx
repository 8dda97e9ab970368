import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { SORTS } from '../lib/sorts';
import type { Facets, ListingQuery, Product } from '../lib/types';
import { useHydrated } from './hydrated';
import { ProductGrid } from './ProductCard';

interface ListingProps {
  query: ListingQuery;
  products: Product[];
  total: number;
  pages: number;
  facets: Facets;
  /** Keep `q` (search) in the filter form so filtering does not lose the search. */
  keepSearch?: boolean;
}

/**
 * Filters, sorting and paging of a product list, all in the URL (shareable, back button works). The
 * filter form is a GET form: without JavaScript it has an Apply button; with it, every change applies and
 * is a new history entry, so Back returns to the previous filters. On a phone the filters sit in a drawer
 * behind a "Filters" button, so the products come first.
 */
export function Listing({ query, products, total, pages, facets, keepSearch = false }: ListingProps) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading';
  const priceValue = query.price ? `${query.price.from}-${query.price.to ?? ''}` : '';
  const activeFilters = query.brands.length + (query.price ? 1 : 0) + (query.inStockOnly ? 1 : 0);
  const form = useRef<HTMLFormElement>(null);
  const drawer = useRef<HTMLDetailsElement>(null);
  const chips = activeChips(query, facets);
  // The phone's drawer closes with Esc, as dialogs do.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer(drawer.current);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  // The inputs are uncontrolled (they work without JavaScript); after Back or Forward they are set to
  // the URL's filters here, which keeps the focus where it is (re-mounting the form would lose it).
  useEffect(() => {
    for (const element of Array.from(form.current?.elements ?? [])) {
      if (element instanceof HTMLSelectElement && element.name === 'sort') element.value = query.sort;
      if (!(element instanceof HTMLInputElement)) continue;
      if (element.name === 'brand') element.checked = query.brands.includes(element.value);
      if (element.name === 'price') element.checked = element.value === priceValue;
      if (element.name === 'stock') element.checked = query.inStockOnly;
    }
  }, [query.sort, query.brands, query.inStockOnly, priceValue]);
  const pageLink = (page: number) => {
    const params = toParams(query);
    if (page > 1) params.set('page', String(page));
    else params.delete('page');
    const search = params.toString();
    return search ? `?${search}` : '?';
  };

  return (
    <div className="listing">
      <details className="filters-drawer" ref={drawer}>
        <summary className="button button-secondary filters-toggle">
          <span className="when-closed">Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}</span>
          <span className="when-open">Close filters</span>
        </summary>
        <Form
          ref={form}
          method="get"
          className="filters"
          aria-label="Filter products"
          onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
        >
          {keepSearch ? <input type="hidden" name="q" value={query.q} /> : null}
          <div className="filters-sort">
            <label htmlFor="sort">Sort by</label>
            <select id="sort" name="sort" defaultValue={query.sort}>
              {SORTS.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          {facets.brands.length > 0 ? (
            <fieldset>
              <legend>Brand</legend>
              {facets.brands.map((b) => (
                <label key={b.value} className="check">
                  <input
                    type="checkbox"
                    name="brand"
                    value={b.value}
                    defaultChecked={query.brands.includes(b.value)}
                  />
                  {b.value} <span className="count">({b.count})</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {facets.prices.length > 0 || query.price ? (
            <fieldset>
              <legend>Price</legend>
              <label className="check">
                <input type="radio" name="price" value="" defaultChecked={!query.price} />
                Any price
              </label>
              {facets.prices.map((p) => {
                const value = `${p.from}-${p.to ?? ''}`;
                return (
                  <label key={value} className="check">
                    <input type="radio" name="price" value={value} defaultChecked={priceValue === value} />
                    {p.formatted} <span className="count">({p.count})</span>
                  </label>
                );
              })}
            </fieldset>
          ) : null}
          <fieldset>
            <legend>Availability</legend>
            <label className="check">
              <input type="checkbox" name="stock" value="in" defaultChecked={query.inStockOnly} />
              In stock only
            </label>
          </fieldset>
          {hydrated ? (
            // Each change applies at once; on a phone this takes the shopper back to the products.
            <button type="button" className="button show-results" onClick={() => closeDrawer(drawer.current)}>
              Show {total} {total === 1 ? 'result' : 'results'}
            </button>
          ) : (
            <button type="submit" className="button button-secondary">
              Apply filters
            </button>
          )}
        </Form>
      </details>
      <section className="results" aria-busy={busy} aria-label="Products">
        <p className="results-count" role="status">
          {total === 1 ? '1 product' : `${total} products`}
        </p>
        {chips.length > 0 ? (
          <div className="active-filters">
            <ul aria-label="Active filters">
              {chips.map((chip) => (
                <li key={chip.key}>
                  <Link
                    to={{ search: chip.to }}
                    preventScrollReset
                    className="filter-chip"
                    aria-label={`Remove filter ${chip.label}`}
                  >
                    {chip.label}
                  </Link>
                </li>
              ))}
            </ul>
            <Link to={{ search: clearAllLink(query) }} preventScrollReset className="clear-filters">
              Clear all filters
            </Link>
          </div>
        ) : null}
        {products.length > 0 ? (
          <ProductGrid products={products} priorityCount={2} />
        ) : (
          <div className="empty">
            {activeFilters > 0 ? (
              <>
                <p>No products match these filters.</p>
                <Link
                  to={keepSearch ? `?q=${encodeURIComponent(query.q)}` : '?'}
                  className="button button-secondary"
                >
                  Clear filters
                </Link>
              </>
            ) : (
              <>
                <p>{query.q ? `No products match “${query.q}”.` : 'There are no products here yet.'}</p>
                <Link to="/search" className="button button-secondary">
                  See all products
                </Link>
              </>
            )}
          </div>
        )}
        {pages > 1 ? (
          <nav className="pagination" aria-label="Pages">
            {query.page > 1 ? (
              <Link to={pageLink(query.page - 1)} rel="prev">
                ← Previous
              </Link>
            ) : null}
            <span>
              Page {query.page} of {pages}
            </span>
            {query.page < pages ? (
              <Link to={pageLink(query.page + 1)} rel="next">
                Next →
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

/** Closes the phone's filter drawer and gives the focus back to the button that opened it. */
function closeDrawer(details: HTMLDetailsElement | null) {
  if (!details?.open) return;
  details.open = false;
  details.querySelector('summary')?.focus();
}

interface Chip {
  key: string;
  label: string;
  /** The query of the same list without this filter (and back to its first page). */
  to: string;
}

// A link to the same page with this query; none at all is the plain page's URL.
const searchOf = (params: URLSearchParams) => {
  const search = params.toString();
  return search ? `?${search}` : '';
};

/** One removable chip per active filter, in the filter form's order. */
function activeChips(query: ListingQuery, facets: Facets): Chip[] {
  const without = (change: Partial<ListingQuery>) => searchOf(toParams({ ...query, ...change }));
  const chips: Chip[] = query.brands.map((brand) => ({
    key: `brand-${brand}`,
    label: `Brand: ${brand}`,
    to: without({ brands: query.brands.filter((other) => other !== brand) }),
  }));
  if (query.price) {
    const { from, to } = query.price;
    const bucket = facets.prices.find((p) => p.from === from && (p.to ?? undefined) === to);
    const { price: _removed, ...rest } = query;
    chips.push({
      key: 'price',
      label: `Price: ${bucket?.formatted ?? `${from}–${to ?? ''}`}`,
      to: searchOf(toParams(rest)),
    });
  }
  if (query.inStockOnly)
    chips.push({ key: 'stock', label: 'In stock only', to: without({ inStockOnly: false }) });
  return chips;
}

/** The list without any filter: a search keeps its words, and its sorting stays. */
function clearAllLink(query: ListingQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.sort !== 'relevance') params.set('sort', query.sort);
  return searchOf(params);
}

function toParams(query: ListingQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.sort !== 'relevance') params.set('sort', query.sort);
  for (const brand of query.brands) params.append('brand', brand);
  if (query.price) params.set('price', `${query.price.from}-${query.price.to ?? ''}`);
  if (query.inStockOnly) params.set('stock', 'in');
  return params;
}
