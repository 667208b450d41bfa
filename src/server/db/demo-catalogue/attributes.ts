import type { AttributeType } from '../../../contract/taxonomy.ts';

// The attributes the demo catalogue's filters offer, and the search's synonyms.

export type CatalogueAttribute = {
  key: string;
  label: string;
  type: AttributeType;
  unit?: string;
  multi?: boolean;
  values?: string[];
  /** Attached to these categories (and so to everything below them). */
  categories: string[];
};

export const catalogueAttributes: CatalogueAttribute[] = [
  {
    key: 'speeds',
    label: 'Speeds',
    type: 'enum',
    values: ['9', '10', '11', '12'],
    categories: ['chains', 'cassettes', 'chainrings', 'rear-derailleurs', 'shifters'],
  },
  {
    key: 'freehub',
    label: 'Freehub body',
    type: 'enum',
    multi: true,
    values: ['Shimano HG', 'SRAM XD', 'Shimano Microspline', 'Campagnolo', 'Campagnolo N3W'],
    categories: ['cassettes', 'hubs'],
  },
  {
    key: 'bb-standard',
    label: 'Bottom bracket standard',
    type: 'enum',
    values: ['BSA 68', 'BB86', 'PF30', 'T47'],
    categories: ['bottom-brackets'],
  },
  {
    key: 'wheel-size',
    label: 'Wheel size (ETRTO)',
    type: 'enum',
    values: ['622', '584', '559'],
    categories: ['tyres', 'inner-tubes'],
  },
  {
    key: 'width',
    label: 'Tyre width',
    type: 'number',
    unit: 'mm',
    categories: ['tyres'],
  },
  {
    key: 'tubeless',
    label: 'Tubeless ready',
    type: 'boolean',
    categories: ['tyres'],
  },
  {
    key: 'brake-mount',
    label: 'Brake mount',
    type: 'enum',
    values: ['Flat mount', 'Post mount', 'IS'],
    categories: ['disc-brakes'],
  },
  {
    key: 'axle',
    label: 'Axle',
    type: 'enum',
    values: ['12×142', '12×148 Boost', 'QR 135', '12×100', '15×110 Boost', 'QR 100'],
    categories: ['hubs', 'derailleur-hangers'],
  },
  {
    key: 'length-mm',
    label: 'Length',
    type: 'number',
    unit: 'mm',
    categories: ['spokes-nipples', 'cables-housing', 'tubeless'],
  },
  {
    key: 'colour',
    label: 'Colour',
    type: 'enum',
    values: ['Black', 'White', 'Grey', 'Silver', 'Red', 'Blue', 'Green', 'Orange', 'Gold'],
    categories: ['cockpit', 'cables-housing'],
  },
  {
    key: 'links',
    label: 'Chain links',
    type: 'number',
    categories: ['chains'],
  },
  {
    key: 'range',
    label: 'Cassette range',
    type: 'enum',
    values: [
      '11-25',
      '11-28',
      '11-29',
      '11-30',
      '11-32',
      '11-34',
      '11-36',
      '10-30',
      '10-36',
      '10-45',
      '10-51',
      '10-52',
      '11-50',
    ],
    categories: ['cassettes'],
  },
  {
    key: 'teeth',
    label: 'Teeth',
    type: 'number',
    categories: ['chainrings'],
  },
  {
    key: 'rotor-size',
    label: 'Rotor size',
    type: 'enum',
    unit: 'mm',
    values: ['140', '160', '180', '200', '203', '220'],
    categories: ['disc-rotors'],
  },
  {
    key: 'rotor-mount',
    label: 'Rotor mount',
    type: 'enum',
    values: ['Centerlock', '6-bolt'],
    categories: ['disc-rotors', 'hubs'],
  },
  {
    key: 'pad-compound',
    label: 'Pad compound',
    type: 'enum',
    values: ['Resin', 'Sintered', 'Semi-metallic'],
    categories: ['disc-brake-pads'],
  },
  {
    key: 'valve',
    label: 'Valve',
    type: 'enum',
    values: ['Presta', 'Schrader', 'Dunlop'],
    categories: ['inner-tubes', 'tubeless'],
  },
  {
    key: 'tape-width',
    label: 'Rim tape width',
    type: 'number',
    unit: 'mm',
    categories: ['tubeless'],
  },
  {
    key: 'spoke-holes',
    label: 'Spoke holes',
    type: 'enum',
    values: ['24', '28', '32', '36'],
    categories: ['hubs'],
  },
];

/** What a customer may type, and what the catalogue calls it. */
export const catalogueSynonyms: [term: string, means: string][] = [
  ['tire', 'tyre'],
  ['tires', 'tyres'],
  ['sprocket', 'cassette'],
  ['cog', 'cassette'],
  ['cogs', 'cassette'],
  ['freewheel', 'cassette'],
  ['derailer', 'derailleur'],
  ['mech', 'derailleur'],
  ['rim strip', 'rim tape'],
  ['rim tape', 'tubeless rim tape'],
  ['disk', 'disc'],
  ['rotor', 'disc rotor'],
  ['pads', 'brake pads'],
  ['crankset', 'chainring'],
  ['bb', 'bottom bracket'],
  ['tube', 'inner tube'],
  ['cable housing', 'housing'],
  ['outer', 'housing'],
  ['spanner', 'wrench'],
  ['allen key', 'hex key'],
];
