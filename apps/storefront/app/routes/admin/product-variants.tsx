import type { Product } from '@openshelf/sdk';
import { Field } from '../../components/Field';
import type { FormErrors } from '../../lib/forms/form-errors';
import { DataTable } from './data-table';

export const variantLabel = (choices: Record<string, string>) => Object.values(choices).join(' / ');

/** Tracked variants with nothing in stock: the shop shows them sold out, which a new variant is at first. */
export function soldOutVariants(product: Product): string[] {
  return (product.variants ?? [])
    .filter((variant) => variant.stock.trackQuantity && (variant.stock.quantity ?? 0) === 0)
    .map((variant) => variantLabel(variant.choices));
}

/** The variants' own price, SKU, stock and visibility, one row each, in the product form. */
export function Variants({ product, errors }: { product: Product; errors?: FormErrors | undefined }) {
  const basePrice = product.priceData.price;
  const soldOut = soldOutVariants(product);
  const key = (variant: { id: string }, field: string) => `variant.${variant.id}.${field}`;
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
      <DataTable
        label="Variants"
        className="admin-table-inputs"
        rows={product.variants ?? []}
        rowKey={(variant) => variant.id}
        empty="No variants: add an option with choices above, then save."
        columns={[
          {
            key: 'variant',
            header: 'Variant',
            rowHeader: true,
            cell: (variant) => variantLabel(variant.choices),
          },
          {
            key: 'price',
            header: 'Price',
            cell: (variant) => {
              const price = variant.variant.priceData.price;
              return (
                <Field
                  label={`Price of ${variantLabel(variant.choices)}`}
                  className="admin-field-bare"
                  name={key(variant, 'price')}
                  inputMode="decimal"
                  placeholder={String(basePrice)}
                  defaultValue={price !== basePrice ? price : undefined}
                  errors={errors}
                />
              );
            },
          },
          {
            key: 'sale',
            header: 'Sale price',
            cell: (variant) =>
              variant.variant.priceData.discountedPrice < variant.variant.priceData.price ? (
                <span>
                  {variant.variant.priceData.formatted.discountedPrice}{' '}
                  <s className="admin-muted">
                    <span className="visually-hidden">was </span>
                    {variant.variant.priceData.formatted.price}
                  </s>
                </span>
              ) : (
                <span className="admin-muted">Not on sale</span>
              ),
          },
          {
            key: 'sku',
            header: 'SKU',
            cell: (variant) => (
              <Field
                label={`SKU of ${variantLabel(variant.choices)}`}
                className="admin-field-bare"
                name={key(variant, 'sku')}
                defaultValue={variant.variant.sku}
                errors={errors}
              />
            ),
          },
          {
            key: 'quantity',
            header: 'Quantity',
            cell: (variant) => (
              <Field
                label={`Quantity of ${variantLabel(variant.choices)}`}
                className="admin-field-bare"
                name={key(variant, 'quantity')}
                type="number"
                min={0}
                defaultValue={variant.stock.quantity ?? 0}
                {...(variant.stock.trackQuantity && (variant.stock.quantity ?? 0) === 0
                  ? { hint: 'Sold out in the shop' }
                  : {})}
                errors={errors}
              />
            ),
          },
          {
            key: 'visible',
            header: 'Visible',
            cell: (variant) => (
              <Field
                label={`${variantLabel(variant.choices)} visible`}
                className="admin-field-bare"
                name={key(variant, 'visible')}
                type="checkbox"
                defaultChecked={variant.variant.visible}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
