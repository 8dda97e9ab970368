import type { AdminClient, ShippingRateInput } from '@openshelf/sdk';
import type { FormReader } from '../../lib/forms/form-reader';
import { regionOfCountry } from '../../lib/regions';

/** A rate from the "add rate" form; blank optional numbers are left out. */
export function rateFromForm(form: FormReader): ShippingRateInput {
  const kind = (['FLAT', 'WEIGHT', 'FREE_OVER'] as const).find((k) => k === form.text('kind')) ?? 'FLAT';
  const min = form.number('minDeliveryDays');
  const max = form.number('maxDeliveryDays');
  return {
    code: form.text('code'),
    title: form.text('title'),
    kind,
    amount: form.text('amount') || '0',
    ...(kind === 'WEIGHT' && form.optionalText('perWeightUnit')
      ? { perWeightUnit: form.text('perWeightUnit') }
      : {}),
    ...(kind === 'FREE_OVER' && form.optionalText('freeOverSubtotal')
      ? { freeOverSubtotal: form.text('freeOverSubtotal') }
      : {}),
    ...(min !== undefined ? { minDeliveryDays: min } : {}),
    ...(max !== undefined ? { maxDeliveryDays: max } : {}),
  };
}

/** The destinations picked (countries, states, `*`), once each, as the API stores them. */
function destinationsFromForm(form: FormReader): string[] {
  return [...new Set(form.all('destinations').map((code) => code.trim().toUpperCase()))];
}

/**
 * What the shipping page's forms cannot send as they are, by input name: a region with nothing picked,
 * a pickup state left from another country (the list cannot follow the country without JavaScript).
 */
export function shippingProblems(form: FormReader): Record<string, string> | undefined {
  const intent = form.text('intent');
  if ((intent === 'create-region' || intent === 'update-region') && destinationsFromForm(form).length === 0) {
    return { destinations: 'Choose at least one country, state or “Everywhere else”.' };
  }
  if (intent === 'create-pickup') {
    const region = regionOfCountry(form.text('pickup.country'), form.text('pickup.subdivision'));
    if (region && 'problem' in region) return { 'pickup.subdivision': region.problem };
  }
  return undefined;
}

/** The shipping page's form posts, by intent. Returns the confirmation to show. */
export async function shippingAction(client: AdminClient, form: FormReader): Promise<string> {
  const intent = form.text('intent');
  const id = form.text('id');
  switch (intent) {
    case 'create-region': {
      const region = await client.shippingRegions.create({
        name: form.text('name'),
        destinations: destinationsFromForm(form),
        rates: [rateFromForm(form)],
      });
      return `Shipping region “${region.name}” created.`;
    }
    case 'update-region': {
      const region = await client.shippingRegions.update(id, {
        name: form.text('name'),
        destinations: destinationsFromForm(form),
      });
      return `Shipping region “${region.name}” saved.`;
    }
    case 'add-rate': {
      const region = await client.shippingRegions.get(id);
      await client.shippingRegions.update(id, { rates: [...region.rates, rateFromForm(form)] });
      return `Rate added to ${region.name}.`;
    }
    case 'delete-rate': {
      const region = await client.shippingRegions.get(id);
      const code = form.text('code');
      await client.shippingRegions.update(id, { rates: region.rates.filter((rate) => rate.code !== code) });
      return `Rate ${code} removed from ${region.name}.`;
    }
    case 'delete-region':
      await client.shippingRegions.delete(id);
      return 'Shipping region deleted.';
    case 'create-pickup': {
      const pickup = await client.pickupLocations.create({
        code: form.text('pickup.code'),
        title: form.text('pickup.title'),
        method: form.text('pickup.method') === 'PICKUP_POINT' ? 'PICKUP_POINT' : 'STORE_PICKUP',
        address: {
          country: form.text('pickup.country').toUpperCase(),
          ...(form.optionalText('pickup.subdivision')
            ? { subdivision: form.text('pickup.subdivision').toUpperCase() }
            : {}),
          ...(form.optionalText('pickup.city') ? { city: form.text('pickup.city') } : {}),
          ...(form.optionalText('pickup.addressLine')
            ? { addressLine: form.text('pickup.addressLine') }
            : {}),
          ...(form.optionalText('pickup.postalCode') ? { postalCode: form.text('pickup.postalCode') } : {}),
        },
        ...(form.optionalText('pickup.instructions')
          ? { instructions: form.text('pickup.instructions') }
          : {}),
        fee: form.text('pickup.fee') || '0',
        // Empty: offered to buyers in the location's own country; "*": to everyone (ADR 047).
        offeredTo: form.text('pickup.offeredTo') === '*' ? ['*'] : [],
      });
      return `Pickup location “${pickup.title}” created.`;
    }
    case 'offer-pickup': {
      const offeredTo = form.text('offeredTo') === '*' ? ['*'] : [];
      const pickup = await client.pickupLocations.update(id, { offeredTo });
      return `“${pickup.title}” is now offered to ${offeredTo.length ? 'buyers anywhere' : 'buyers in its country'}.`;
    }
    case 'delete-pickup':
      await client.pickupLocations.delete(id);
      return 'Pickup location deleted.';
    default:
      throw new Response(`Unknown action “${intent}”. Reload the page and try again.`, { status: 400 });
  }
}

/** API error paths → shipping form inputs: rate fields sit on the rate form, the rest as named. */
export function shippingFieldName(path: string): string {
  const rate = /^shippingRegion\.rates\[\d+\]\.(\w+)/.exec(path);
  if (rate?.[1]) return rate[1];
  // The pickup form's inputs are named `pickup.<field>`, so they never collide with the rate form's.
  const pickup = /^pickupLocation\.(?:address\.)?(\w+)/.exec(path);
  if (pickup?.[1]) return `pickup.${pickup[1]}`;
  return path.replace(/^shippingRegion\./, '');
}
