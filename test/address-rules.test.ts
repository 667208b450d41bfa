import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressFields,
  addressForm,
  addressInput,
  formatAddressLines,
} from '../src/contract/addresses.ts';
import {
  COUNTRIES,
  EU_COUNTRIES,
  isCountryCode,
  needsRegion,
  regionsOf,
  US_STATES,
} from '../src/contract/countries.ts';
import { zipPlace, zipStateProblem } from '../src/contract/us-zip.ts';

const sanFrancisco = {
  name: 'Dana Wheeler',
  company: 'Spoke & Chain',
  line1: '500 Howard St',
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94105',
  country: 'US',
};

/** The refusals of a parse as { field: message }. */
function refusals(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('countries', () => {
  it('lists every ISO 3166-1 country once, with the 27 EU members among them', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(EU_COUNTRIES.every(isCountryCode)).toBe(true);
    expect(EU_COUNTRIES).toContain('GR');
    expect(EU_COUNTRIES).not.toContain('GB');
  });

  it('knows the regions of the US and Canada, and none elsewhere', () => {
    expect(regionsOf('US').map((r) => r.code)).toEqual(expect.arrayContaining(['CA', 'NY', 'DC']));
    expect(regionsOf('US').length).toBeGreaterThanOrEqual(51);
    expect(regionsOf('CA')).toHaveLength(13);
    expect(needsRegion('DE')).toBe(false);
  });
});

describe('address rules', () => {
  it('takes a US address with its ZIP code and state, filling the optional fields', () => {
    const parsed = addressInput.parse({ ...sanFrancisco, postalCode: '94105-1804' });
    expect(parsed).toMatchObject({
      ...sanFrancisco,
      postalCode: '94105-1804',
      label: '',
      line2: '',
    });
    expect(parsed.isDefaultShipping).toBe(false);
  });

  it('refuses a US address without a ZIP code or state, naming each field', () => {
    const result = addressInput.safeParse({ ...sanFrancisco, postalCode: '', region: '' });
    expect(refusals(result)).toEqual({
      postalCode: 'Enter the postal code',
      region: 'Choose the state',
    });
  });

  it('refuses a bad postal code by naming postalCode and showing one that fits', () => {
    const result = addressInput.safeParse({ ...sanFrancisco, postalCode: '9410' });
    expect(refusals(result)).toEqual({
      postalCode: 'Enter a valid postal code for United States, like 94105',
    });
  });

  it('takes a state by its name in any case and keeps its code', () => {
    expect(addressInput.parse({ ...sanFrancisco, region: 'california' }).region).toBe('CA');
    expect(addressInput.parse({ ...sanFrancisco, region: 'ny', postalCode: '10001' }).region).toBe(
      'NY',
    );
  });

  it('refuses a state the country does not have', () => {
    expect(refusals(addressInput.safeParse({ ...sanFrancisco, region: 'Ontario' }))).toEqual({
      region: 'Choose a state of United States',
    });
  });

  it('refuses a ZIP code of another state, naming where it is', () => {
    const portland = { ...sanFrancisco, city: 'Portland', region: 'OR' };
    expect(refusals(addressInput.safeParse(portland))).toEqual({
      postalCode: 'ZIP 94105 is in California (CA), not Oregon (OR)',
    });
    expect(refusals(addressForm.safeParse({ ...portland, postalCode: '94105-1804' }))).toEqual({
      postalCode: 'ZIP 94105 is in California (CA), not Oregon (OR)',
    });
    expect(addressInput.safeParse({ ...portland, postalCode: '97201' }).success).toBe(true);
    expect(refusals(addressInput.safeParse({ ...sanFrancisco, postalCode: '00012' }))).toEqual({
      postalCode: 'No ZIP code starts with 000: check the ZIP code',
    });
  });

  it('takes military post offices and territories with their own ZIP codes, and no other', () => {
    const takes = (region: string, postalCode: string, country = 'US') =>
      addressInput.safeParse({ ...sanFrancisco, region, postalCode, country }).success;
    expect(takes('AE', '09012')).toBe(true);
    expect(takes('AP', '96201')).toBe(true);
    expect(takes('AA', '34001')).toBe(true);
    expect(takes('PR', '00901')).toBe(true);
    expect(takes('', '00901', 'PR')).toBe(true);
    expect(takes('', '96910', 'GU')).toBe(true);
    expect(takes('', '96940', 'PW')).toBe(true);
    // Fishers Island has a Connecticut prefix and a New York address.
    expect(takes('NY', '06390')).toBe(true);
    expect(
      refusals(addressInput.safeParse({ ...sanFrancisco, region: 'CT', postalCode: '06390' })),
    ).toEqual({ postalCode: 'ZIP 06390 is in New York (NY), not Connecticut (CT)' });
    expect(
      refusals(addressInput.safeParse({ ...sanFrancisco, region: 'NY', postalCode: '09012' })),
    ).toEqual({ postalCode: 'ZIP 09012 is in Armed Forces Europe (AE), not New York (NY)' });
  });

  it('maps every ZIP code to exactly one state, territory or military post office', () => {
    const statesTaking = (zip: string) =>
      US_STATES.filter(
        (state) =>
          addressInput.safeParse({ ...sanFrancisco, region: state.code, postalCode: zip }).success,
      ).map((state) => state.code);
    // Palau, Micronesia and the Marshall Islands have US ZIPs but are countries of their own.
    const associated = ['PW', 'FM', 'MH'];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), (n) => {
        const zip = String(n).padStart(5, '0');
        const place = zipPlace(zip);
        const expected = place === null || associated.includes(place) ? [] : [place];
        expect(statesTaking(zip)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    // Every three-digit prefix: one state at most, and each state reached by a prefix, or, for
    // American Samoa and the Northern Mariana Islands, by the Guam-prefixed ZIPs they use.
    const reached = new Set<string>();
    const zips = [...Array(1000).keys()].map((p) => `${String(p).padStart(3, '0')}01`);
    for (const zip of [...zips, '96799', '96950']) {
      const taking = US_STATES.filter((state) => !zipStateProblem(state.code, zip));
      expect(taking.length, zip).toBeLessThanOrEqual(1);
      taking.forEach((state) => reached.add(state.code));
    }
    expect(US_STATES.filter((state) => !reached.has(state.code))).toEqual([]);
  });

  it('takes a Canadian address with its province and postal code', () => {
    const parsed = addressInput.parse({
      ...sanFrancisco,
      city: 'Toronto',
      region: 'Ontario',
      postalCode: 'm5v 3l9',
      country: 'ca',
    });
    expect(parsed).toMatchObject({ country: 'CA', region: 'ON', postalCode: 'M5V 3L9' });
    const noProvince = addressInput.safeParse({
      ...sanFrancisco,
      country: 'CA',
      region: '',
      postalCode: 'M5V 3L9',
    });
    expect(refusals(noProvince)).toEqual({ region: 'Choose the province or territory' });
  });

  it('takes a British postcode and refuses one that is not', () => {
    const london = { ...sanFrancisco, city: 'London', region: '', country: 'GB' };
    expect(addressInput.parse({ ...london, postalCode: 'SW1A 1AA' }).postalCode).toBe('SW1A 1AA');
    expect(refusals(addressInput.safeParse({ ...london, postalCode: '12345' }))).toEqual({
      postalCode: 'Enter a valid postal code for United Kingdom, like SW1A 1AA',
    });
  });

  it('wants five digits in Germany and no region', () => {
    const berlin = { ...sanFrancisco, city: 'Berlin', region: '', country: 'DE' };
    expect(addressInput.parse({ ...berlin, postalCode: '10115' }).country).toBe('DE');
    expect(
      Object.keys(refusals(addressInput.safeParse({ ...berlin, postalCode: '1011' }))),
    ).toEqual(['postalCode']);
    expect(
      Object.keys(refusals(addressInput.safeParse({ ...berlin, postalCode: '101155' }))),
    ).toEqual(['postalCode']);
  });

  it('takes any code, or none, where no postal format is known', () => {
    const hongKong = { ...sanFrancisco, city: 'Hong Kong', region: '', country: 'HK' };
    expect(addressInput.safeParse({ ...hongKong, postalCode: '' }).success).toBe(true);
    expect(addressInput.safeParse({ ...hongKong, postalCode: '999077' }).success).toBe(true);
  });

  it('refuses an unknown country by naming country', () => {
    expect(refusals(addressInput.safeParse({ ...sanFrancisco, country: 'XX' }))).toEqual({
      country: 'Choose a country from the list',
    });
    expect(
      Object.keys(refusals(addressInput.safeParse({ ...sanFrancisco, country: '' }))),
    ).toContain('country');
  });

  it('asks for the name of who receives it', () => {
    expect(refusals(addressFields.safeParse({ ...sanFrancisco, name: '  ' }))).toEqual({
      name: 'Enter the name of who receives it',
    });
  });
});

describe('the address form without script', () => {
  it('reads text fields and ticked checkboxes into the API body', () => {
    const parsed = addressForm.parse({
      label: 'Workshop',
      name: ' Dana Wheeler ',
      company: '',
      line1: '500 Howard St',
      line2: '',
      city: 'San Francisco',
      region: 'california',
      postalCode: '94105',
      country: 'us',
      phone: '',
      isDefaultShipping: 'on',
    });
    expect(parsed).toEqual(
      addressInput.parse({
        ...sanFrancisco,
        label: 'Workshop',
        company: '',
        isDefaultShipping: true,
      }),
    );
    expect(parsed.isDefaultBilling).toBe(false);
  });

  it('refuses a bad form by the same rules, field by field', () => {
    const result = addressForm.safeParse({ ...sanFrancisco, postalCode: 'abc', region: '' });
    expect(Object.keys(refusals(result)).sort()).toEqual(['postalCode', 'region']);
  });
});

describe('printing an address', () => {
  it('prints name, company, street, "city, region code" and the country name', () => {
    expect(formatAddressLines({ ...sanFrancisco, line2: 'Suite 3', phone: '' })).toEqual([
      'Dana Wheeler',
      'Spoke & Chain',
      '500 Howard St',
      'Suite 3',
      'San Francisco, CA 94105',
      'United States',
    ]);
    expect(
      formatAddressLines({
        ...sanFrancisco,
        company: '',
        line2: '',
        region: '',
        postalCode: '10115',
        city: 'Berlin',
        country: 'DE',
      }),
    ).toEqual(['Dana Wheeler', '500 Howard St', 'Berlin, 10115', 'Germany']);
  });
});
