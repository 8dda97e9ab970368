import { useEffect, useId, useState } from 'react';
import { Form } from 'react-router';
import { Field } from '../../components/Field';
import type { FormErrors } from '../../lib/forms/form-errors';
import { GroupError } from './ui';

export interface PickableProduct {
  id: string;
  name: string;
}

/**
 * Products chosen by name, not by id: a list of checkboxes (one `name` value per ticked product), in a
 * box that scrolls. With JavaScript, typing in the filter hides the products that do not match. When the
 * catalog has more products than the list shows, a search (a GET form of its own, linked by the `form`
 * attribute, so it works without JavaScript) loads the ones matching it.
 */
export function ProductPicker({
  name,
  legend,
  products,
  total,
  search,
  searchParam,
  searchForm,
  errors,
  hint,
}: {
  name: string;
  legend: string;
  products: readonly PickableProduct[];
  /** How many products the catalog has for the search (more than `products` when the list is cut). */
  total: number;
  search: string;
  /** The query parameter the page's loader reads the search from. */
  searchParam: string;
  /** The id of the page's ProductSearchForm (outside the picker's form: forms do not nest). */
  searchForm: string;
  errors?: FormErrors | undefined;
  hint?: string;
}) {
  const id = useId();
  const [hydrated, setHydrated] = useState(false);
  const [filter, setFilter] = useState('');
  useEffect(() => setHydrated(true), []);
  const words = filter.trim().toLowerCase();
  const cut = total > products.length;
  return (
    <fieldset className="admin-checks admin-picker" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend>{legend}</legend>
      {hint ? (
        <small id={`${id}-hint`} className="admin-hint admin-block">
          {hint}
        </small>
      ) : null}
      <GroupError errors={errors} name={name} />
      {cut || search ? (
        <div className="admin-inline-fields">
          <Field
            label="Find products"
            name={searchParam}
            type="search"
            form={searchForm}
            defaultValue={search}
          />
          <button type="submit" form={searchForm} className="admin-button admin-button-secondary">
            Find
          </button>
        </div>
      ) : hydrated ? (
        <Field
          label="Filter products"
          name=""
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          autoComplete="off"
        />
      ) : null}
      {products.length === 0 ? (
        <p className="admin-muted">{search ? `No product matches “${search}”.` : 'No products yet.'}</p>
      ) : (
        <div className="admin-picker-list">
          {products.map((product) => (
            <div key={product.id} hidden={words !== '' && !product.name.toLowerCase().includes(words)}>
              <Field label={product.name} name={name} type="checkbox" value={product.id} />
            </div>
          ))}
        </div>
      )}
      {cut ? (
        <small className="admin-hint admin-block">
          Showing {products.length} of {total} products; find others by name above.
        </small>
      ) : null}
    </fieldset>
  );
}

/** The picker's search: an empty GET form its search box and button belong to by `form=`. */
export function ProductSearchForm({ id }: { id: string }) {
  return <Form method="get" id={id} preventScrollReset />;
}
