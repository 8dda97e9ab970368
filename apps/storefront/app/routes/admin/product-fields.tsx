import type { Product } from '@openshelf/sdk';
import type { ComponentProps } from 'react';
import type { FormErrors } from '../../lib/forms/form-errors';
import { Field as AdminField, SelectField as AdminSelect, fieldId } from './ui';

/** The form's inputs, with the ids the error summary links to (checkboxes share names, so keep theirs). */
const Field = (props: ComponentProps<typeof AdminField>) => (
  <AdminField {...(props.type === 'checkbox' ? {} : { id: fieldId(props.name) })} {...props} />
);
const SelectField = (props: ComponentProps<typeof AdminSelect>) => (
  <AdminSelect id={fieldId(props.name)} {...props} />
);

const variantLabel = (choices: Record<string, string>) => Object.values(choices).join(' / ');

/** The label of each input of the product form, by name, for the error summary. */
export function productFieldLabels(product: Product | null): Record<string, string> {
  const labels: Record<string, string> = {
    name: 'Name',
    'priceData.price': 'Price',
    'costAndProfitData.itemCost': 'Cost per item',
    'discount.type': 'Sale',
    'discount.value': 'Discount',
    sku: 'SKU',
    weight: 'Weight',
    'stock.quantity': 'Quantity in stock',
    brand: 'Brand',
    ribbon: 'Ribbon',
    slug: 'URL slug',
  };
  for (let index = 0; index < OPTION_ROWS; index++) {
    labels[`productOptions[${index}].name`] = `Option ${index + 1} name`;
    labels[`productOptions[${index}].choices`] = `Option ${index + 1} choices`;
  }
  for (const variant of product?.manageVariants ? (product.variants ?? []) : []) {
    const label = variantLabel(variant.choices);
    labels[`variant.${variant.id}.price`] = `Price of ${label}`;
    labels[`variant.${variant.id}.sku`] = `SKU of ${label}`;
    labels[`variant.${variant.id}.quantity`] = `Quantity of ${label}`;
  }
  return labels;
}

const OPTION_ROWS = 3;

interface Props {
  product: Product | null;
  collections: { id: string; name: string }[];
  errors?: FormErrors | undefined;
}

/** Every input of the product form, named after the API's body paths (see product-form.server.ts). */
export function ProductFields({ product, collections, errors }: Props) {
  const tracked = product?.stock.trackInventory ?? true;
  return (
    <>
      <section className="admin-card" aria-labelledby="details-heading">
        <h2 id="details-heading">Details</h2>
        <Field
          label="Name"
          name="name"
          defaultValue={product?.name}
          required
          maxLength={80}
          errors={errors}
        />
        <div className="admin-field">
          <label htmlFor="product-description">Description</label>
          <textarea
            id="product-description"
            name="description"
            rows={5}
            defaultValue={product?.description}
          />
        </div>
        <div className="admin-row">
          <SelectField
            label="Type"
            name="productType"
            options={[
              { value: 'physical', label: 'Physical (shipped)' },
              { value: 'digital', label: 'Digital (download)' },
            ]}
            defaultValue={product?.productType ?? 'physical'}
          />
          <Field
            label="Visible in the shop"
            name="visible"
            type="checkbox"
            defaultChecked={product?.visible ?? true}
          />
        </div>
      </section>

      <section className="admin-card" aria-labelledby="pricing-heading">
        <h2 id="pricing-heading">Pricing</h2>
        <div className="admin-row">
          <Field
            label="Price"
            name="priceData.price"
            inputMode="decimal"
            required
            defaultValue={product?.priceData.price}
            errors={errors}
          />
          <Field
            label="Cost per item"
            name="costAndProfitData.itemCost"
            inputMode="decimal"
            defaultValue={product?.costAndProfitData?.itemCost}
            hint="Not shown to shoppers; used for profit."
            errors={errors}
          />
        </div>
        <SaleFields product={product} errors={errors} />
      </section>

      <section className="admin-card" aria-labelledby="inventory-heading">
        <h2 id="inventory-heading">Inventory and shipping</h2>
        <div className="admin-row">
          <Field
            label="SKU"
            name="sku"
            defaultValue={product?.sku}
            maxLength={40}
            hint={
              product?.manageVariants
                ? "Unique in the store. Each variant has a SKU of its own below (or none), not the product's."
                : 'Unique in the store, or leave it empty.'
            }
            errors={errors}
          />
          <Field
            label="Weight"
            name="weight"
            inputMode="decimal"
            defaultValue={product?.weight}
            errors={errors}
          />
        </div>
        <Field label="Track quantity" name="stock.trackInventory" type="checkbox" defaultChecked={tracked} />
        {product?.manageVariants ? (
          <p className="admin-hint">Quantities are set per variant below.</p>
        ) : (
          <Field
            label="Quantity in stock"
            name="stock.quantity"
            type="number"
            min={0}
            defaultValue={product?.stock.quantity ?? 0}
            errors={errors}
          />
        )}
      </section>

      <section className="admin-card" aria-labelledby="options-heading">
        <h2 id="options-heading">Options</h2>
        <p className="admin-hint">
          e.g. Size with choices “S, M, L”. Every combination of choices becomes a variant with its own price
          and stock.
        </p>
        {Array.from({ length: OPTION_ROWS }, (_, index) => {
          const option = product?.productOptions[index];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed slots, not a reorderable list
            <div className="admin-row" key={index}>
              <Field
                label={`Option ${index + 1} name`}
                name={`productOptions[${index}].name`}
                defaultValue={option?.name}
                errors={errors}
              />
              <Field
                label={`Option ${index + 1} choices`}
                name={`productOptions[${index}].choices`}
                defaultValue={option?.choices.map((choice) => choice.value).join(', ')}
                hint="Separated by commas"
                errors={errors}
              />
            </div>
          );
        })}
      </section>

      {product?.manageVariants && product.variants ? <Variants product={product} errors={errors} /> : null}

      <section className="admin-card" aria-labelledby="organization-heading">
        <h2 id="organization-heading">Organization and search engines</h2>
        <div className="admin-row">
          <Field label="Brand" name="brand" defaultValue={product?.brand} maxLength={50} errors={errors} />
          <Field
            label="Ribbon"
            name="ribbon"
            defaultValue={product?.ribbon}
            maxLength={30}
            hint="e.g. New, Sale"
            errors={errors}
          />
        </div>
        <Field
          label="URL slug"
          name="slug"
          defaultValue={product?.slug}
          hint={product ? `Shop address: /products/${product.slug}` : 'Made from the name when left empty.'}
          errors={errors}
        />
        {collections.length > 0 ? (
          <fieldset className="admin-checks">
            <legend>Collections</legend>
            {collections.map((collection) => (
              <Field
                key={collection.id}
                label={collection.name}
                name="collectionIds"
                type="checkbox"
                value={collection.id}
                defaultChecked={product?.collectionIds.includes(collection.id) ?? false}
              />
            ))}
          </fieldset>
        ) : null}
      </section>
    </>
  );
}

const SALE_TYPES = [
  { value: 'NONE', label: 'Not on sale' },
  { value: 'AMOUNT', label: 'Amount off' },
  { value: 'PERCENT', label: 'Percent off' },
];

/**
 * The sale (compare-at) price: a discount off the price above, for the whole product and so for each of
 * its variants (the catalog keeps one discount per product). The shop shows the sale price with the price
 * struck through.
 */
function SaleFields({ product, errors }: { product: Product | null; errors?: FormErrors | undefined }) {
  const discount = product?.discount;
  const onSale = discount && discount.type !== 'NONE' && discount.value > 0;
  return (
    <>
      <div className="admin-row">
        <SelectField
          label="Sale"
          name="discount.type"
          options={SALE_TYPES}
          defaultValue={onSale ? discount.type : 'NONE'}
          errors={errors}
        />
        <Field
          label="Discount"
          name="discount.value"
          inputMode="decimal"
          defaultValue={onSale ? discount.value : undefined}
          hint="e.g. 5 for 5 off the price, or 20 for 20% off."
          errors={errors}
        />
      </div>
      {product && onSale ? (
        <p className="admin-hint" id="sale-price">
          Sale price: {product.priceData.formatted.discountedPrice}, shown with{' '}
          <s>{product.priceData.formatted.price}</s> struck through.
        </p>
      ) : null}
    </>
  );
}

/** Tracked variants with nothing in stock: the shop shows them sold out, which a new variant is at first. */
export function soldOutVariants(product: Product): string[] {
  return (product.variants ?? [])
    .filter((variant) => variant.stock.trackQuantity && (variant.stock.quantity ?? 0) === 0)
    .map((variant) => variantLabel(variant.choices));
}

function Variants({ product, errors }: { product: Product; errors?: FormErrors | undefined }) {
  const basePrice = product.priceData.price;
  const soldOut = soldOutVariants(product);
  return (
    <section className="admin-card admin-card-flush" aria-labelledby="variants-heading">
      <h2 id="variants-heading">Variants</h2>
      {soldOut.length > 0 ? (
        <p className="admin-alert admin-alert-warn" id="variants-stock-warning">
          {soldOut.length === 1 ? '1 variant has' : `${soldOut.length} variants have`} 0 in stock and{' '}
          {soldOut.length === 1 ? 'shows' : 'show'} as sold out in the shop: {soldOut.join(', ')}. Set{' '}
          {soldOut.length === 1 ? 'its quantity' : 'their quantities'} below.
        </p>
      ) : null}
      <div className="admin-table-wrap">
        <table className="admin-table admin-table-inputs">
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Price</th>
              <th scope="col">Sale price</th>
              <th scope="col">SKU</th>
              <th scope="col">Quantity</th>
              <th scope="col">Visible</th>
            </tr>
          </thead>
          <tbody>
            {(product.variants ?? []).map((variant) => {
              const label = variantLabel(variant.choices);
              const key = (field: string) => `variant.${variant.id}.${field}`;
              const price = variant.variant.priceData.price;
              return (
                <tr key={variant.id}>
                  <th scope="row">{label}</th>
                  <td>
                    <Field
                      label={`Price of ${label}`}
                      className="admin-field-bare"
                      name={key('price')}
                      inputMode="decimal"
                      placeholder={String(basePrice)}
                      defaultValue={price !== basePrice ? price : undefined}
                      errors={errors}
                    />
                  </td>
                  <td>
                    {variant.variant.priceData.discountedPrice < variant.variant.priceData.price ? (
                      <span>
                        {variant.variant.priceData.formatted.discountedPrice}{' '}
                        <s className="admin-muted">
                          <span className="visually-hidden">was </span>
                          {variant.variant.priceData.formatted.price}
                        </s>
                      </span>
                    ) : (
                      <span className="admin-muted">Not on sale</span>
                    )}
                  </td>
                  <td>
                    <Field
                      label={`SKU of ${label}`}
                      className="admin-field-bare"
                      name={key('sku')}
                      defaultValue={variant.variant.sku}
                      errors={errors}
                    />
                  </td>
                  <td>
                    <Field
                      label={`Quantity of ${label}`}
                      className="admin-field-bare"
                      name={key('quantity')}
                      type="number"
                      min={0}
                      defaultValue={variant.stock.quantity ?? 0}
                      {...(variant.stock.trackQuantity && (variant.stock.quantity ?? 0) === 0
                        ? { hint: 'Sold out in the shop' }
                        : {})}
                      errors={errors}
                    />
                  </td>
                  <td>
                    <Field
                      label={`${label} visible`}
                      className="admin-field-bare"
                      name={key('visible')}
                      type="checkbox"
                      defaultChecked={variant.variant.visible}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
