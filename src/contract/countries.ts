// ISO 3166-1 countries and the regions an address must name, for the country <select>, the
// address rules and the tax rules. A packed constant rather than a library or
// Intl.DisplayNames: the names are the same on the server and in every browser, and the
// table adds a few kilobytes to the pages that import it.

/** A country or a region: its code and its English name. */
export type Place = { code: string; name: string };

const unpack = (table: string): Place[] =>
  table.split('|').map((entry) => ({
    code: entry.slice(0, entry.indexOf(' ')),
    name: entry.slice(entry.indexOf(' ') + 1),
  }));

/** Every ISO 3166-1 alpha-2 code with its English short name (249), sorted by name. */
export const COUNTRIES: readonly Place[] = unpack(
  'AD Andorra|AE United Arab Emirates|AF Afghanistan|AG Antigua and Barbuda|AI Anguilla|' +
    'AL Albania|AM Armenia|AO Angola|AQ Antarctica|AR Argentina|AS American Samoa|AT Austria|' +
    'AU Australia|AW Aruba|AX Åland Islands|AZ Azerbaijan|BA Bosnia and Herzegovina|' +
    'BB Barbados|BD Bangladesh|BE Belgium|BF Burkina Faso|BG Bulgaria|BH Bahrain|BI Burundi|' +
    'BJ Benin|BL Saint Barthélemy|BM Bermuda|BN Brunei|BO Bolivia|' +
    'BQ Bonaire, Sint Eustatius and Saba|BR Brazil|BS Bahamas|BT Bhutan|BV Bouvet Island|' +
    'BW Botswana|BY Belarus|BZ Belize|CA Canada|CC Cocos (Keeling) Islands|' +
    'CD Congo (Democratic Republic)|CF Central African Republic|CG Congo|CH Switzerland|' +
    'CI Côte d’Ivoire|CK Cook Islands|CL Chile|CM Cameroon|CN China|CO Colombia|CR Costa Rica|' +
    'CU Cuba|CV Cabo Verde|CW Curaçao|CX Christmas Island|CY Cyprus|CZ Czechia|DE Germany|' +
    'DJ Djibouti|DK Denmark|DM Dominica|DO Dominican Republic|DZ Algeria|EC Ecuador|' +
    'EE Estonia|EG Egypt|EH Western Sahara|ER Eritrea|ES Spain|ET Ethiopia|FI Finland|FJ Fiji|' +
    'FK Falkland Islands|FM Micronesia|FO Faroe Islands|FR France|GA Gabon|GB United Kingdom|' +
    'GD Grenada|GE Georgia|GF French Guiana|GG Guernsey|GH Ghana|GI Gibraltar|GL Greenland|' +
    'GM Gambia|GN Guinea|GP Guadeloupe|GQ Equatorial Guinea|GR Greece|' +
    'GS South Georgia and South Sandwich Islands|GT Guatemala|GU Guam|GW Guinea-Bissau|' +
    'GY Guyana|HK Hong Kong|HM Heard Island and McDonald Islands|HN Honduras|HR Croatia|HT Haiti|' +
    'HU Hungary|ID Indonesia|IE Ireland|IL Israel|IM Isle of Man|IN India|' +
    'IO British Indian Ocean Territory|IQ Iraq|IR Iran|IS Iceland|IT Italy|JE Jersey|' +
    'JM Jamaica|JO Jordan|JP Japan|KE Kenya|KG Kyrgyzstan|KH Cambodia|KI Kiribati|KM Comoros|' +
    'KN Saint Kitts and Nevis|KP North Korea|KR South Korea|KW Kuwait|KY Cayman Islands|' +
    'KZ Kazakhstan|LA Laos|LB Lebanon|LC Saint Lucia|LI Liechtenstein|LK Sri Lanka|LR Liberia|' +
    'LS Lesotho|LT Lithuania|LU Luxembourg|LV Latvia|LY Libya|MA Morocco|MC Monaco|MD Moldova|' +
    'ME Montenegro|MF Saint Martin|MG Madagascar|MH Marshall Islands|MK North Macedonia|' +
    'ML Mali|MM Myanmar|MN Mongolia|MO Macao|MP Northern Mariana Islands|MQ Martinique|' +
    'MR Mauritania|MS Montserrat|MT Malta|MU Mauritius|MV Maldives|MW Malawi|MX Mexico|' +
    'MY Malaysia|MZ Mozambique|NA Namibia|NC New Caledonia|NE Niger|NF Norfolk Island|' +
    'NG Nigeria|NI Nicaragua|NL Netherlands|NO Norway|NP Nepal|NR Nauru|NU Niue|' +
    'NZ New Zealand|OM Oman|PA Panama|PE Peru|PF French Polynesia|PG Papua New Guinea|' +
    'PH Philippines|PK Pakistan|PL Poland|PM Saint Pierre and Miquelon|PN Pitcairn Islands|' +
    'PR Puerto Rico|PS Palestine|PT Portugal|PW Palau|PY Paraguay|QA Qatar|RE Réunion|' +
    'RO Romania|RS Serbia|RU Russia|RW Rwanda|SA Saudi Arabia|SB Solomon Islands|' +
    'SC Seychelles|SD Sudan|SE Sweden|SG Singapore|' +
    'SH Saint Helena, Ascension and Tristan da Cunha|SI Slovenia|SJ Svalbard and Jan Mayen|' +
    'SK Slovakia|SL Sierra Leone|SM San Marino|SN Senegal|SO Somalia|SR Suriname|' +
    'SS South Sudan|ST São Tomé and Príncipe|SV El Salvador|SX Sint Maarten|SY Syria|' +
    'SZ Eswatini|TC Turks and Caicos Islands|TD Chad|TF French Southern Territories|TG Togo|' +
    'TH Thailand|TJ Tajikistan|TK Tokelau|TL Timor-Leste|TM Turkmenistan|TN Tunisia|TO Tonga|' +
    'TR Türkiye|TT Trinidad and Tobago|TV Tuvalu|TW Taiwan|TZ Tanzania|UA Ukraine|UG Uganda|' +
    'UM United States Minor Outlying Islands|US United States|UY Uruguay|UZ Uzbekistan|' +
    'VA Vatican City|VC Saint Vincent and the Grenadines|VE Venezuela|VG Virgin Islands (British)|' +
    'VI Virgin Islands (U.S.)|VN Vietnam|VU Vanuatu|WF Wallis and Futuna|WS Samoa|YE Yemen|' +
    'YT Mayotte|ZA South Africa|ZM Zambia|ZW Zimbabwe',
).sort((a, b) => a.name.localeCompare(b.name, 'en'));

const countryNames = new Map(COUNTRIES.map((country) => [country.code, country.name]));

/** An ISO 3166-1 alpha-2 code, exactly (uppercase). */
export const isCountryCode = (code: string) => countryNames.has(code);

/** The country's English name; the code itself when it is not one. */
export const countryName = (code: string) => countryNames.get(code) ?? code;

/**
 * The 27 EU member states by ISO code. Greece is 'GR' here as in ISO; its VAT IDs start 'EL'
 * (see vat-id.ts).
 */
export const EU_COUNTRIES: readonly string[] =
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');

export const isEuCountry = (code: string) => EU_COUNTRIES.includes(code);

/**
 * The 50 states, DC, the inhabited territories with USPS codes, and the USPS codes of military
 * and diplomatic post offices abroad (APO, FPO, DPO), which an address names as its state.
 */
export const US_STATES: readonly Place[] = unpack(
  'AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|' +
    'DE Delaware|DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|' +
    'IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|' +
    'MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|' +
    'NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|' +
    'NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|PA Pennsylvania|' +
    'RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|' +
    'VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming|' +
    'AS American Samoa|GU Guam|MP Northern Mariana Islands|PR Puerto Rico|' +
    'VI U.S. Virgin Islands|' +
    'AA Armed Forces Americas|AE Armed Forces Europe|AP Armed Forces Pacific',
);

/** The 10 provinces and 3 territories, by Canada Post's codes. */
export const CA_PROVINCES: readonly Place[] = unpack(
  'AB Alberta|BC British Columbia|MB Manitoba|NB New Brunswick|NL Newfoundland and Labrador|' +
    'NS Nova Scotia|NT Northwest Territories|NU Nunavut|ON Ontario|PE Prince Edward Island|' +
    'QC Quebec|SK Saskatchewan|YT Yukon',
);

const regionTables: Record<string, readonly Place[]> = { US: US_STATES, CA: CA_PROVINCES };

/** The regions an address in this country must name; empty where none is needed. */
export const regionsOf = (country: string): readonly Place[] => regionTables[country] ?? [];

/** Whether an address in this country must name one of `regionsOf(country)`. */
export const needsRegion = (country: string) => regionsOf(country).length > 0;

/** The region a person meant by its code or its name (any case), in a country that has them. */
export function findRegion(country: string, text: string) {
  const wanted = text.trim().toUpperCase();
  return regionsOf(country).find(
    (region) => region.code === wanted || region.name.toUpperCase() === wanted,
  );
}
