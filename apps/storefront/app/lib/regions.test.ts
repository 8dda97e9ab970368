import { describe, expect, it } from 'vitest';
import {
  countryChoices,
  destinationLabel,
  fullRegionCode,
  regionChoices,
  regionLabel,
  regionOfCountry,
} from './regions';

describe('countries and states by name', () => {
  it('lists countries by name, valued by their codes', () => {
    const choices = countryChoices();
    expect(choices.find((choice) => choice.value === 'FI')?.label).toBe('Finland');
    expect(choices.map((choice) => choice.label)).toEqual(
      [...choices.map((choice) => choice.label)].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('offers only states the API can store (ISO 3166-2), with codes written once', () => {
    expect(regionChoices('US')).toContainEqual({ value: 'US-AK', label: 'Alaska' });
    // The list writes Denmark's codes with the country again ("DK-84").
    expect(regionChoices('DK')).toContainEqual({ value: 'DK-84', label: 'Hovedstaden' });
    for (const choice of countryChoices().flatMap((country) => regionChoices(country.value))) {
      expect(choice.value).toMatch(/^[A-Z]{2}-[A-Za-z0-9]{1,3}$/);
    }
    expect(regionChoices('CK')).toEqual([]);
  });

  it('names destinations for people, and keeps a code it does not know as stored', () => {
    expect(['CA', 'US-AK', '*', 'XX-99'].map(destinationLabel)).toEqual([
      'Canada',
      'Alaska (United States)',
      'Everywhere else',
      'XX-99',
    ]);
    expect(regionLabel('US-NY')).toBe('New York');
  });

  it('checks a state against its country', () => {
    expect(fullRegionCode('us', 'ny')).toBe('US-NY');
    expect(regionOfCountry('US', 'NY')).toEqual({ code: 'US-NY' });
    expect(regionOfCountry('CA', 'CA-ON')).toEqual({ code: 'CA-ON' });
    expect(regionOfCountry('CA', '')).toBeUndefined();
    // Saved before the pickers and not in the list: kept for the API to judge.
    expect(regionOfCountry('GB', 'GB-ENG')).toEqual({ code: 'GB-ENG' });
    expect(regionOfCountry('CA', 'US-NY')).toEqual({
      problem: 'Choose a state or province of Canada: the list now shows its own.',
    });
    expect(regionOfCountry('CK', 'US-NY')).toEqual({
      problem: 'Cook Islands has no states or provinces to choose: leave it empty.',
    });
  });
});
