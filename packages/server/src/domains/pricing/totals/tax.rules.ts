import { allocate, applyPpm, taxIncludedIn } from '../../../lib/ratio.js';
import type {
  Address,
  FallbackReason,
  ManualCalculationReason,
  TaxBreakdown,
  TaxRate,
  TaxRateType,
  TaxRegion,
  TaxSetup,
  Violation,
} from './totals.types.js';

export interface TaxableItem {
  id: string;
  /** Amount after discounts (tax included in it when prices include tax). */
  amount: number;
  quantity: number;
  taxable: boolean;
}

export interface TaxedItem {
  tax: number;
  ppm: number;
  breakdown: TaxBreakdown[];
}

export interface TaxOutcome {
  rateType: TaxRateType;
  manualReason?: ManualCalculationReason;
  fallbackReason?: FallbackReason;
  perLine: Map<string, TaxedItem>;
  shipping: TaxedItem;
  violations: Violation[];
}

const NONE: TaxedItem = { tax: 0, ppm: 0, breakdown: [] };

/** The most specific manual region matching the address (country, then subdivision, county, city). */
export function findTaxRegion(regions: TaxRegion[], address: Address | undefined): TaxRegion | undefined {
  if (!address?.country) return undefined;
  const same = (a: string | undefined, b: string | undefined) =>
    a === undefined || a.toUpperCase() === b?.toUpperCase();
  const matches = regions.filter(
    (region) =>
      region.country.toUpperCase() === address.country?.toUpperCase() &&
      same(region.subdivision, address.subdivision) &&
      same(region.county, address.county) &&
      same(region.city, address.city),
  );
  const specificity = (region: TaxRegion) =>
    [region.subdivision, region.county, region.city].filter(Boolean).length;
  return matches.sort((a, b) => specificity(b) - specificity(a))[0];
}

/**
 * A warning when the address stops short of the store's tax regions: a country whose rules are all by
 * state (or county, city) and an address without one. Tax is then 0 until the address is complete, and
 * the shopper is told why rather than seeing a final-looking 0.
 */
function incompleteAddress(regions: TaxRegion[], address: Address | undefined): Violation[] {
  if (!address) return [];
  const country = address.country?.toUpperCase();
  const narrower = regions.filter((r) => r.country.toUpperCase() === country);
  const missing = narrower.some(
    (r) =>
      (r.subdivision && !address.subdivision) || (r.county && !address.county) || (r.city && !address.city),
  );
  if (!missing) return [];
  return [
    {
      severity: 'WARNING',
      code: 'TAX_ADDRESS_INCOMPLETE',
      description:
        'Add the state or region (and city) to the address to calculate tax; totals do not include tax yet.',
    },
  ];
}

/**
 * Tax on one amount at a set of jurisdiction rates. The tax is rounded once on the combined rate, then
 * split over the jurisdictions in proportion to their rates, so the breakdown adds up to the tax exactly.
 */
export function taxAt(amount: number, rates: TaxRate[], pricesIncludeTax: boolean): TaxedItem {
  const ppm = rates.reduce((sum, rate) => sum + rate.ppm, 0);
  if (ppm === 0 || amount === 0) return { tax: 0, ppm, breakdown: [] };
  const tax = pricesIncludeTax ? taxIncludedIn(amount, ppm) : applyPpm(amount, ppm);
  const taxableAmount = pricesIncludeTax ? amount - tax : amount;
  const parts = allocate(
    tax,
    rates.map((rate) => rate.ppm),
  );
  return {
    tax,
    ppm,
    breakdown: rates.map((rate, index) => ({
      jurisdiction: rate.jurisdiction,
      jurisdictionType: rate.jurisdictionType,
      ppm: rate.ppm,
      taxableAmount,
      taxAmount: parts[index] ?? 0,
    })),
  };
}

/**
 * Tax for every line and for shipping. MANUAL uses the store's regions; AUTO asks the provider and falls
 * back to the manual regions when it fails (FALLBACK_RATE, AUTO_TAX_FAILED) or is not set up
 * (AUTO_TAX_DEACTIVATED); a region marked manual overrides AUTO (REGION_SETTING_TO_MANUAL).
 */
export async function calculateTax(
  setup: TaxSetup,
  input: { currency: string; address: Address | undefined; items: TaxableItem[]; shipping: number },
): Promise<TaxOutcome> {
  const noTax = (violations: Violation[] = []): TaxOutcome => ({
    rateType: 'NO_TAX_COLLECTED',
    perLine: new Map(),
    shipping: NONE,
    violations,
  });
  if (setup.calculation === 'NONE') return noTax();
  if (!input.address?.country) {
    return noTax([
      {
        severity: 'WARNING',
        code: 'TAX_ADDRESS_REQUIRED',
        description: 'Add an address to calculate tax; totals do not include tax yet.',
      },
    ]);
  }
  const region = findTaxRegion(setup.regions, input.address);
  const manual = (rateType: TaxRateType, extra: Partial<TaxOutcome>): TaxOutcome => {
    if (!region)
      return {
        ...noTax(incompleteAddress(setup.regions, input.address)),
        ...extra,
        rateType: 'NO_TAX_COLLECTED',
      };
    const perLine = new Map(
      input.items.map((item) => [
        item.id,
        item.taxable ? taxAt(item.amount, region.rates, setup.pricesIncludeTax) : NONE,
      ]),
    );
    const shipping = region.taxShipping ? taxAt(input.shipping, region.rates, setup.pricesIncludeTax) : NONE;
    return { rateType, perLine, shipping, violations: [], ...extra };
  };

  if (setup.calculation === 'MANUAL')
    return manual('MANUAL_RATE', { manualReason: 'GLOBAL_SETTING_TO_MANUAL' });
  if (region?.manual) return manual('MANUAL_RATE', { manualReason: 'REGION_SETTING_TO_MANUAL' });
  if (!setup.provider) return manual('FALLBACK_RATE', { fallbackReason: 'AUTO_TAX_DEACTIVATED' });
  try {
    const rates = await setup.provider.rates({
      currency: input.currency,
      address: input.address,
      lines: input.items.map(({ id, amount, quantity, taxable }) => ({ id, amount, quantity, taxable })),
      shipping: input.shipping,
    });
    const perLine = new Map(
      input.items.map((item) => [
        item.id,
        item.taxable ? taxAt(item.amount, rates.lines[item.id] ?? [], setup.pricesIncludeTax) : NONE,
      ]),
    );
    return {
      rateType: 'AUTO_RATE',
      perLine,
      shipping: taxAt(input.shipping, rates.shipping, setup.pricesIncludeTax),
      violations: [],
    };
  } catch {
    return manual('FALLBACK_RATE', {
      fallbackReason: 'AUTO_TAX_FAILED',
      violations: [
        {
          severity: 'WARNING',
          code: 'AUTO_TAX_FAILED',
          description: `The tax service (${setup.provider.name}) failed; the store's fallback rates were used.`,
        },
      ],
    });
  }
}
