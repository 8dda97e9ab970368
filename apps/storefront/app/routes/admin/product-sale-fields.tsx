import type { Product } from '@openshelf/sdk';
import { Field, SelectField } from '../../components/Field';
import type { FormErrors } from '../../lib/forms/form-errors';

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
export function SaleFields({
  product,
  errors,
}: {
  product: Product | null;
  errors?: FormErrors | undefined;
}) {
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
