import type { Product } from '@openshelf/sdk';
import { Field, SelectField } from '../../components/Field';
import type { FormErrors } from '../../lib/forms/form-errors';
import { SaleFields } from './product-sale-fields';
import { Variants, variantLabel } from './product-variants';

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
