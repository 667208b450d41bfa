import type { UseFormRegisterReturn } from 'react-hook-form';
import { COUNTRIES, regionsOf } from '../../../contract/countries.ts';
import { SelectField, TextField } from '../../components/form-fields.tsx';

/** The country list, by English name, each with its code (what the API keeps). */
export function CountryField({
  id,
  label = 'Country',
  registration,
  error,
  placeholder,
}: {
  id: string;
  label?: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** A first, empty choice ("Choose a country"). */
  placeholder?: string;
}) {
  return (
    <SelectField id={id} label={label} registration={registration} error={error}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {COUNTRIES.map(({ code, name }) => (
        <option key={code} value={code}>
          {name} ({code})
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The region of a place: a list of states or provinces where the country has them (the US,
 * Canada), a free text box elsewhere. `country` is the form's country field, watched.
 */
export function RegionField({
  id,
  country,
  registration,
  error,
  optional,
}: {
  id: string;
  /** The country chosen in the form now. */
  country: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** What an empty region means here ("the whole country"). */
  optional: string;
}) {
  const regions = regionsOf(country);
  if (regions.length === 0) {
    return (
      <TextField
        id={id}
        label="State or region (optional)"
        maxLength={60}
        registration={registration}
        error={error}
      />
    );
  }
  const what = country === 'CA' ? 'Province' : 'State';
  return (
    <SelectField id={id} label={what} registration={registration} error={error}>
      <option value="">{optional}</option>
      {regions.map(({ code, name }) => (
        <option key={code} value={code}>
          {name} ({code})
        </option>
      ))}
    </SelectField>
  );
}
