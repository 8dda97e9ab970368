import { describe, expect, it } from 'vitest';
import { formReader } from '../../lib/forms/form-reader';
import { shippingProblems } from './shipping.server';

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return formReader(data);
};

describe('shipping forms refused before the API', () => {
  it('refuses a region with no destination picked, in words', () => {
    expect(shippingProblems(form([['intent', 'create-region']]))).toEqual({
      destinations: 'Choose at least one country, state or “Everywhere else”.',
    });
    expect(
      shippingProblems(
        form([
          ['intent', 'update-region'],
          ['destinations', 'US-AK'],
        ]),
      ),
    ).toBeUndefined();
  });

  it('refuses a pickup state of another country', () => {
    expect(
      shippingProblems(
        form([
          ['intent', 'create-pickup'],
          ['pickup.country', 'CA'],
          ['pickup.subdivision', 'US-NY'],
        ]),
      ),
    ).toEqual({ 'pickup.subdivision': 'Choose a state or province of Canada: the list now shows its own.' });
  });
});
