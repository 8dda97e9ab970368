import { useEffect, useId, useState } from 'react';
import { Field, SelectField } from '../../components/Field';
import { useHydrated } from '../../components/hydrated';
import { type FormErrors, fieldError } from '../../lib/forms/form-errors';
import { countryChoices, destinationLabel, fullRegionCode, regionChoices } from '../../lib/regions';
import { GroupError } from './ui';

const COUNTRIES = countryChoices();

/**
 * Calls `update` with the select's values after its form is reset (a create form empties once saved,
 * routes/admin/ui.tsx `CreateForm`), so what the picker shows next to it follows.
 */
function useAfterReset(selectId: string, update: (values: string[]) => void) {
  useEffect(() => {
    const select = document.getElementById(selectId);
    const form = select instanceof HTMLSelectElement ? select.form : null;
    if (!form || !(select instanceof HTMLSelectElement)) return;
    const reset = () =>
      // `reset` fires before the form's values go back to their defaults.
      setTimeout(() => update([...select.selectedOptions].map((option) => option.value)));
    form.addEventListener('reset', reset);
    return () => form.removeEventListener('reset', reset);
  }, [selectId, update]);
}

/**
 * A country select and, when that country has them, a select of its states or provinces, both by name.
 * With JavaScript the second list follows the first at once; without it the list is the saved country's,
 * and the action names a state left from another country (lib/regions.ts `regionOfCountry`).
 */
export function CountryRegionFields({
  countryName,
  regionName,
  country,
  region,
  errors,
  required = false,
  regionLabel = 'State or province',
}: {
  countryName: string;
  regionName: string;
  /** The saved (or just submitted) values. */
  country?: string | undefined;
  region?: string | undefined;
  errors?: FormErrors | undefined;
  required?: boolean;
  regionLabel?: string;
}) {
  const [chosen, setChosen] = useState(country?.toUpperCase() ?? '');
  const countryId = useId();
  useAfterReset(countryId, ([value]) => setChosen(value ?? ''));
  const regions = regionChoices(chosen);
  // Stored as typed before the pickers, a state may be its own code only ("NY").
  const saved = region && country ? fullRegionCode(country, region) : '';
  // A state saved before that the list lacks stays offered, as saved, so a save does not drop it.
  const options =
    saved && chosen === country?.toUpperCase() && !regions.some((choice) => choice.value === saved)
      ? [...regions, { value: saved, label: `${saved} (as saved)` }]
      : regions;
  return (
    <>
      <SelectField
        id={countryId}
        label="Country"
        name={countryName}
        options={[{ value: '', label: required ? 'Choose a country' : 'None' }, ...COUNTRIES]}
        defaultValue={chosen}
        onChange={(event) => setChosen(event.currentTarget.value)}
        required={required}
        errors={errors}
      />
      {options.length > 0 ? (
        <SelectField
          // A new list per country, so the choice does not carry over to a country it is not in.
          key={chosen}
          label={regionLabel}
          name={regionName}
          options={[{ value: '', label: 'None' }, ...options]}
          defaultValue={chosen === country?.toUpperCase() ? saved : ''}
          errors={errors}
        />
      ) : fieldError(errors, regionName) ? (
        <GroupError errors={errors} name={regionName} />
      ) : null}
    </>
  );
}

/**
 * Where a shipping region delivers, chosen by name: whole countries (a list one can filter with
 * JavaScript), states or provinces of a country, and "everywhere else" (`*`). Every choice is posted as a
 * `destinations` value, the codes the API stores ("CA", "US-AK", "*").
 */
export function DestinationsPicker({
  selected = [],
  errors,
}: {
  /** The region's destinations as stored. */
  selected?: readonly string[];
  errors?: FormErrors | undefined;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const saved = selected.map((code) => code.toUpperCase());
  const [countries, setCountries] = useState(() => saved.filter((code) => /^[A-Z]{2}$/.test(code)));
  // States are offered for every country chosen since the page opened (a list stays once shown, so
  // unchoosing the whole country keeps its states chosen) and those the region already has states of.
  const [offered, setOffered] = useState<readonly string[]>(() => [
    ...countries,
    ...saved.filter((code) => code.includes('-')).map((code) => code.split('-')[0] ?? ''),
  ]);
  const choose = (codes: string[]) => {
    setCountries(codes);
    setOffered((before) => [...new Set([...before, ...codes])]);
  };
  const [filter, setFilter] = useState('');
  useAfterReset(`${id}-countries`, (codes) => {
    setCountries(codes);
    setOffered(codes);
  });
  // Codes set through the API that no list offers ("UK") are kept unless the merchant unticks them.
  const unknown = saved.filter((code) => code !== '*' && destinationLabel(code) === code);
  const parts = saved.filter((code) => code.includes('-') && !unknown.includes(code));
  const partCountries = [...new Set(offered)]
    .filter((code) => regionChoices(code).length > 0)
    .sort((a, b) => destinationLabel(a).localeCompare(destinationLabel(b), 'en'));
  const wanted = filter.trim().toLowerCase();
  return (
    <fieldset className="admin-field admin-destinations">
      <legend>Destinations</legend>
      <p className="admin-hint" id={`${id}-hint`}>
        Choose the countries this region delivers to
        {hydrated ? '' : ' (hold Ctrl, or ⌘ on a Mac, to choose more than one)'}, or only some of a country's
        states below.
      </p>
      <GroupError errors={errors} name="destinations" />
      {hydrated ? (
        <div className="admin-field">
          <label htmlFor={`${id}-filter`}>Find a country</label>
          <input
            id={`${id}-filter`}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.currentTarget.value)}
          />
        </div>
      ) : null}
      <div className="admin-field">
        <label htmlFor={`${id}-countries`}>Countries</label>
        <select
          id={`${id}-countries`}
          name="destinations"
          multiple
          size={8}
          defaultValue={countries}
          aria-describedby={`${id}-hint`}
          onChange={(event) => choose([...event.currentTarget.selectedOptions].map((option) => option.value))}
        >
          {COUNTRIES.map((choice) => (
            <option
              key={choice.value}
              value={choice.value}
              // Filtered out, a chosen country stays chosen.
              hidden={wanted !== '' && !choice.label.toLowerCase().includes(wanted)}
            >
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      {hydrated && countries.length > 0 ? (
        <p className="admin-hint" aria-live="polite">
          Chosen: {countries.map(destinationLabel).join(', ')}
        </p>
      ) : null}
      {unknown.map((code) => (
        <Field
          key={code}
          type="checkbox"
          label={`Keep “${code}” (not a country or state in the lists)`}
          name="destinations"
          value={code}
          defaultChecked
        />
      ))}
      <Field
        type="checkbox"
        label="Everywhere else (every country no other region names)"
        name="destinations"
        value="*"
        defaultChecked={saved.includes('*')}
      />
      {partCountries.length > 0 ? (
        <details className="admin-details" open={parts.length > 0}>
          <summary>Only some states or provinces</summary>
          <p className="admin-hint">
            To deliver to part of a country only, choose its states here and leave the country itself unchosen
            above.
          </p>
          {partCountries.map((country) => (
            <div className="admin-field" key={country}>
              <label htmlFor={`${id}-${country}`}>States or provinces of {destinationLabel(country)}</label>
              <select
                id={`${id}-${country}`}
                name="destinations"
                multiple
                size={6}
                defaultValue={parts.filter((code) => code.startsWith(`${country}-`))}
              >
                {regionChoices(country).map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </details>
      ) : hydrated ? null : (
        <p className="admin-hint">To deliver to some states of a country only, save the country first.</p>
      )}
    </fieldset>
  );
}
