import type { PriceData } from '../lib/types';

const UNIT_NAMES: Record<string, string> = {
  G: 'g',
  KG: 'kg',
  ML: 'ml',
  L: 'l',
  CL: 'cl',
  OZ: 'oz',
  LB: 'lb',
};

interface PriceProps {
  price: PriceData;
  /** "From $39" when variants cost different amounts and none is chosen yet. */
  fromRange?: { minValue: number; maxValue: number } | undefined;
  perUnit?: { baseQuantity: number; baseMeasurementUnit: string } | undefined;
  size?: 'sm' | 'lg';
}

/** The price a buyer pays, the list price struck through when discounted, and the price per unit. */
export function Price({ price, fromRange, perUnit, size = 'sm' }: PriceProps) {
  const discounted = price.discountedPrice < price.price;
  const varies = fromRange && fromRange.minValue !== fromRange.maxValue;
  return (
    <p className={`price price-${size}`}>
      <span className={discounted ? 'price-now sale' : 'price-now'}>
        {varies ? 'From ' : ''}
        {price.formatted.discountedPrice}
      </span>
      {discounted ? (
        <>
          {' '}
          <s className="price-was">
            <span className="visually-hidden">was </span>
            {price.formatted.price}
          </s>
        </>
      ) : null}
      {perUnit && price.formatted.pricePerUnit ? (
        <span className="price-unit">
          {' '}
          ({price.formatted.pricePerUnit} / {perUnit.baseQuantity}{' '}
          {UNIT_NAMES[perUnit.baseMeasurementUnit] ?? perUnit.baseMeasurementUnit.toLowerCase()})
        </span>
      ) : null}
    </p>
  );
}
