import type { AttributeType, ProductAttributes } from '../../contract/taxonomy.ts';

// The names of the demo wholesaler's catalogue: brands, the category tree, the attributes its
// filters offer, the search's synonyms and the part lines it carries. seed-catalogue.ts turns
// them into rows (SKUs, GTINs, ladders, stock) and seed-catalogue-images.ts into pictures.

export type CatalogueBrand = {
  slug: string;
  name: string;
  /** The first letters of the shop's SKUs for this brand: "SHI-CN-HG701-11". */
  code: string;
  /** The GS1 company prefix its EAN-13s start with (the rest is item number and check digit). */
  gs1: string;
  /** Its colour on the generated pictures. */
  colour: string;
};

export const catalogueBrands: CatalogueBrand[] = [
  { slug: 'ecparts', name: 'ECParts', code: 'ECP', gs1: '8719327', colour: '#ea580c' },
  { slug: 'shimano', name: 'Shimano', code: 'SHI', gs1: '4550170', colour: '#1e40af' },
  { slug: 'sram', name: 'SRAM', code: 'SRM', gs1: '0710845', colour: '#b91c1c' },
  { slug: 'campagnolo', name: 'Campagnolo', code: 'CAM', gs1: '8050046', colour: '#1f2937' },
  { slug: 'kmc', name: 'KMC', code: 'KMC', gs1: '4715575', colour: '#ca8a04' },
  { slug: 'schwalbe', name: 'Schwalbe', code: 'SCH', gs1: '4026495', colour: '#1d4ed8' },
  { slug: 'continental', name: 'Continental', code: 'CON', gs1: '4019238', colour: '#d97706' },
  { slug: 'maxxis', name: 'Maxxis', code: 'MAX', gs1: '4717784', colour: '#dc2626' },
  { slug: 'park-tool', name: 'Park Tool', code: 'PRK', gs1: '0763477', colour: '#2563eb' },
  { slug: 'dt-swiss', name: 'DT Swiss', code: 'DTS', gs1: '7613052', colour: '#be123c' },
  { slug: 'sapim', name: 'Sapim', code: 'SAP', gs1: '5425007', colour: '#334155' },
  { slug: 'jagwire', name: 'Jagwire', code: 'JAG', gs1: '4716331', colour: '#059669' },
  { slug: 'lizard-skins', name: 'Lizard Skins', code: 'LIZ', gs1: '0696260', colour: '#7c3aed' },
  { slug: 'hope', name: 'Hope', code: 'HOP', gs1: '5055168', colour: '#4b5563' },
  { slug: 'swissstop', name: 'SwissStop', code: 'SWS', gs1: '7640121', colour: '#e11d48' },
];

/** What a part's picture shows: one drawing per kind of part (seed-catalogue-images.ts). */
export type PartShape =
  | 'chain'
  | 'cassette'
  | 'chainring'
  | 'bottom-bracket'
  | 'derailleur'
  | 'hanger'
  | 'shifter'
  | 'cable'
  | 'rotor'
  | 'pads'
  | 'caliper'
  | 'tyre'
  | 'tube'
  | 'tape'
  | 'spokes'
  | 'hub'
  | 'bar-tape'
  | 'grips'
  | 'tool';

/** How a category's parts are sold: the minimum and the pack (the minimum is whole packs). */
export type Sale = { moq: number; packSize: number };

export type CatalogueCategory = {
  slug: string;
  name: string;
  parent?: string;
  /** Categories that hold parts: their picture, how they sell and a line for descriptions. */
  shape?: PartShape;
  colour?: string;
  sale?: Sale;
  blurb?: string;
};

const piece: Sale = { moq: 10, packSize: 1 };

/** 30 categories, three levels at the deepest (Wheels & tyres > Tyres > Road tyres). */
export const catalogueCategories: CatalogueCategory[] = [
  { slug: 'drivetrain', name: 'Drivetrain' },
  {
    slug: 'chains',
    name: 'Chains',
    parent: 'drivetrain',
    shape: 'chain',
    colour: '#64748b',
    sale: piece,
    blurb: 'Boxed for the shop counter, with the joining pin or link it needs.',
  },
  {
    slug: 'cassettes',
    name: 'Cassettes',
    parent: 'drivetrain',
    shape: 'cassette',
    colour: '#475569',
    sale: piece,
    blurb: 'Comes with its lockring; check the freehub body before ordering.',
  },
  {
    slug: 'chainrings',
    name: 'Chainrings',
    parent: 'drivetrain',
    shape: 'chainring',
    colour: '#1f2937',
    sale: piece,
    blurb: 'Machined tooth profiles hold the chain through rough ground and hard shifts.',
  },
  {
    slug: 'bottom-brackets',
    name: 'Bottom brackets',
    parent: 'drivetrain',
    shape: 'bottom-bracket',
    colour: '#52525b',
    sale: piece,
    blurb: 'Sealed cartridge bearings; fit with the matching cup tool and a torque wrench.',
  },
  { slug: 'derailleurs', name: 'Derailleurs', parent: 'drivetrain' },
  {
    slug: 'rear-derailleurs',
    name: 'Rear derailleurs',
    parent: 'derailleurs',
    shape: 'derailleur',
    colour: '#374151',
    sale: piece,
    blurb: 'Supplied with pulleys and a B-tension screw, without cable or housing.',
  },
  {
    slug: 'derailleur-hangers',
    name: 'Derailleur hangers',
    parent: 'derailleurs',
    shape: 'hanger',
    colour: '#94a3b8',
    sale: { moq: 10, packSize: 5 },
    blurb: 'Made to bend before the frame does; supplied with its mounting bolts.',
  },
  {
    slug: 'shifters',
    name: 'Shifters',
    parent: 'drivetrain',
    shape: 'shifter',
    colour: '#27272a',
    sale: piece,
    blurb: 'Inner cable pre-fitted; housing sold separately.',
  },
  {
    slug: 'cables-housing',
    name: 'Cables & housing',
    parent: 'drivetrain',
    shape: 'cable',
    colour: '#0f172a',
    sale: piece,
    blurb: 'Cut to length in the workshop; finish with ferrules and end caps.',
  },
  { slug: 'brakes', name: 'Brakes' },
  {
    slug: 'disc-rotors',
    name: 'Disc rotors',
    parent: 'brakes',
    shape: 'rotor',
    colour: '#9ca3af',
    sale: piece,
    blurb: 'Bed in with ten firm stops before the first ride.',
  },
  {
    slug: 'disc-brake-pads',
    name: 'Disc brake pads',
    parent: 'brakes',
    shape: 'pads',
    colour: '#78716c',
    sale: { moq: 10, packSize: 10 },
    blurb: 'One pair per box with the retaining spring, in counter boxes of 10.',
  },
  {
    slug: 'disc-brakes',
    name: 'Disc brakes & adaptors',
    parent: 'brakes',
    shape: 'caliper',
    colour: '#1f2937',
    sale: piece,
    blurb: 'Mounting bolts included; rotors sold separately.',
  },
  { slug: 'wheels-tyres', name: 'Wheels & tyres' },
  { slug: 'tyres', name: 'Tyres', parent: 'wheels-tyres' },
  {
    slug: 'road-tyres',
    name: 'Road tyres',
    parent: 'tyres',
    shape: 'tyre',
    colour: '#18181b',
    sale: { moq: 10, packSize: 2 },
    blurb: 'Folding bead, shipped rolled in pairs.',
  },
  {
    slug: 'gravel-tyres',
    name: 'Gravel tyres',
    parent: 'tyres',
    shape: 'tyre',
    colour: '#292524',
    sale: { moq: 10, packSize: 2 },
    blurb: 'Folding bead, shipped rolled in pairs.',
  },
  {
    slug: 'mtb-tyres',
    name: 'MTB tyres',
    parent: 'tyres',
    shape: 'tyre',
    colour: '#1c1917',
    sale: { moq: 10, packSize: 2 },
    blurb: 'Folding bead, shipped rolled in pairs.',
  },
  {
    slug: 'inner-tubes',
    name: 'Inner tubes',
    parent: 'wheels-tyres',
    shape: 'tube',
    colour: '#111827',
    sale: { moq: 50, packSize: 25 },
    blurb: 'Individually boxed for retail, in cartons of 25.',
  },
  {
    slug: 'tubeless',
    name: 'Tubeless',
    parent: 'wheels-tyres',
    shape: 'tape',
    colour: '#2563eb',
    sale: { moq: 10, packSize: 10 },
    blurb: 'For tubeless-ready rims and tyres; refresh the sealant every few months.',
  },
  {
    slug: 'spokes-nipples',
    name: 'Spokes & nipples',
    parent: 'wheels-tyres',
    shape: 'spokes',
    colour: '#a1a1aa',
    sale: { moq: 100, packSize: 100 },
    blurb: 'Sold by the box of 100.',
  },
  {
    slug: 'hubs',
    name: 'Hubs',
    parent: 'wheels-tyres',
    shape: 'hub',
    colour: '#3f3f46',
    sale: piece,
    blurb: 'Supplied with end caps for the axle shown; other end caps are spare parts.',
  },
  { slug: 'cockpit', name: 'Cockpit' },
  {
    slug: 'bar-tape',
    name: 'Bar tape',
    parent: 'cockpit',
    shape: 'bar-tape',
    colour: '#111827',
    sale: { moq: 10, packSize: 5 },
    blurb: 'Two rolls, end plugs and finishing tape per box.',
  },
  {
    slug: 'grips',
    name: 'Grips',
    parent: 'cockpit',
    shape: 'grips',
    colour: '#111827',
    sale: { moq: 10, packSize: 5 },
    blurb: 'One pair per bag, with end plugs.',
  },
  { slug: 'workshop-tools', name: 'Workshop tools' },
  {
    slug: 'drivetrain-tools',
    name: 'Drivetrain tools',
    parent: 'workshop-tools',
    shape: 'tool',
    colour: '#f97316',
    sale: piece,
    blurb: 'Workshop grade, for daily use at the service bench.',
  },
  {
    slug: 'wheel-tyre-tools',
    name: 'Wheel & tyre tools',
    parent: 'workshop-tools',
    shape: 'tool',
    colour: '#0ea5e9',
    sale: piece,
    blurb: 'Workshop grade, for daily use at the service bench.',
  },
  {
    slug: 'hand-torque-tools',
    name: 'Hand & torque tools',
    parent: 'workshop-tools',
    shape: 'tool',
    colour: '#22c55e',
    sale: piece,
    blurb: 'Workshop grade, for daily use at the service bench.',
  },
];

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

// The part lines

/** One variant of a family: its axis values, its own MPN and the words its name adds. */
export type PartVariant = {
  label: string;
  mpn: string;
  values: ProductAttributes;
  priceCents?: number;
  weightGrams?: number;
};

/** A part line: one product, or with `variants` a family of them (its axes the values' keys). */
export type PartLine = {
  brand: string;
  category: string;
  name: string;
  mpn: string;
  priceCents: number;
  weightGrams: number;
  attributes?: ProductAttributes;
  about: string;
  sale?: Sale;
  variants?: PartVariant[];
};

type Common = Omit<PartLine, 'brand' | 'category' | 'name' | 'mpn' | 'priceCents' | 'about'>;

/** A line of one brand in one category: [name, mpn, price in cents, what it says, more]. */
const lines = (
  brand: string,
  category: string,
  rows: [name: string, mpn: string, priceCents: number, about: string, more: Common][],
): PartLine[] =>
  rows.map(([name, mpn, priceCents, about, more]) => ({
    brand,
    category,
    name,
    mpn,
    priceCents,
    about,
    ...more,
  }));

/** Variants along one axis: [label, mpn, value, price?]. */
const along = (
  key: string,
  rows: [label: string, mpn: string, value: string | number, priceCents?: number][],
): PartVariant[] =>
  rows.map(([label, mpn, value, priceCents]) => ({
    label,
    mpn,
    values: { [key]: value },
    ...(priceCents === undefined ? {} : { priceCents }),
  }));

const chains: PartLine[] = [
  // prettier-ignore
  ...lines('shimano', 'chains', [
    ['Shimano Alivio CN-HG53 9-Speed Chain', 'CN-HG53', 1190, 'Hyperglide links shift under load on 9-speed drivetrains.', { weightGrams: 292, attributes: { speeds: '9', links: 116 } }],
    ['Shimano Deore XT CN-HG95 10-Speed Chain', 'CN-HG95', 1890, 'Chrome-plated inner links and SIL-TEC outer plates for long life.', { weightGrams: 273, attributes: { speeds: '10', links: 116 } }],
    ['Shimano 105 CN-HG601-11 11-Speed Chain', 'CN-HG601-11', 1990, 'Directional 11-speed chain with a quick link.', { weightGrams: 257, attributes: { speeds: '11', links: 116 } }],
    ['Shimano Ultegra CN-HG701-11 11-Speed Chain', 'CN-HG701-11', 2690, 'SIL-TEC coated rollers for quiet running, for road and MTB 11-speed.', {
      weightGrams: 257,
      attributes: { speeds: '11' },
      variants: along('links', [
        ['116 Links', 'CN-HG701-11', 116],
        ['126 Links', 'CN-HG701-11-126', 126, 2890],
        ['138 Links', 'CN-HG701-11-138', 138, 3090],
      ]),
    }],
    ['Shimano Dura-Ace CN-HG901-11 11-Speed Chain', 'CN-HG901-11', 3790, 'Hollow-pin outer plates and SIL-TEC inner links, the lightest Shimano 11-speed chain.', { weightGrams: 247, attributes: { speeds: '11', links: 116 } }],
    ['Shimano Deore CN-M6100 12-Speed Chain', 'CN-M6100', 2390, 'Hyperglide+ 12-speed chain with a quick link.', { weightGrams: 252, attributes: { speeds: '12', links: 126 } }],
    ['Shimano Deore XT CN-M8100 12-Speed Chain', 'CN-M8100', 3290, 'Hyperglide+ 12-speed chain for XT and SLX drivetrains.', {
      weightGrams: 252,
      attributes: { speeds: '12' },
      variants: along('links', [
        ['126 Links', 'CN-M8100', 126],
        ['138 Links', 'CN-M8100-138', 138, 3490],
      ]),
    }],
    ['Shimano XTR CN-M9100 12-Speed Chain', 'CN-M9100', 4890, 'Hollow-pin 12-speed chain for XTR M9100.', { weightGrams: 243, attributes: { speeds: '12', links: 126 } }],
  ]),
  // prettier-ignore
  ...lines('sram', 'chains', [
    ['SRAM PC-971 9-Speed Chain', '00.2518.011.005', 1090, 'PowerLink included, nickel finish.', { weightGrams: 290, attributes: { speeds: '9', links: 114 } }],
    ['SRAM PC-1071 10-Speed Chain', '00.2518.015.002', 2190, 'Hollow pins and chrome-hardened pins for 10-speed.', { weightGrams: 258, attributes: { speeds: '10', links: 114 } }],
    ['SRAM PC-1130 11-Speed Chain', '00.2518.025.003', 1690, 'PowerLock connector included, for 11-speed road and MTB.', { weightGrams: 260, attributes: { speeds: '11', links: 114 } }],
    ['SRAM PC-1170 11-Speed Chain', '00.2518.018.002', 2790, 'Hollow pins and a hard chrome finish for 11-speed.', { weightGrams: 250, attributes: { speeds: '11', links: 120 } }],
    ['SRAM NX Eagle 12-Speed Chain', '00.2518.030.000', 1890, 'Eagle 12-speed chain with PowerLock.', { weightGrams: 265, attributes: { speeds: '12', links: 126 } }],
    ['SRAM GX Eagle 12-Speed Chain', '00.2518.027.002', 2790, 'Eagle 12-speed chain with hollow pins.', { weightGrams: 257, attributes: { speeds: '12', links: 126 } }],
    ['SRAM X01 Eagle 12-Speed Chain', '00.2518.027.006', 4490, 'Hard chrome rollers and solid pins, Eagle 12-speed.', { weightGrams: 252, attributes: { speeds: '12', links: 126 } }],
    ['SRAM Force Flattop 12-Speed Chain', '00.2518.034.002', 4190, 'Flattop chain for AXS road drivetrains.', { weightGrams: 251, attributes: { speeds: '12', links: 114 } }],
    ['SRAM Rival Flattop 12-Speed Chain', '00.2518.034.004', 2990, 'Flattop chain for Rival and Apex AXS.', { weightGrams: 256, attributes: { speeds: '12', links: 114 } }],
    ['SRAM PowerLock 12-Speed Connector (4 pcs)', '00.2518.030.002', 990, 'Tool-free connectors for Eagle and Flattop 12-speed chains.', { weightGrams: 10, attributes: { speeds: '12' } }],
  ]),
  // prettier-ignore
  ...lines('kmc', 'chains', [
    ['KMC X9 9-Speed Chain', 'X9-116', 990, 'Silver 9-speed chain with a MissingLink.', { weightGrams: 295, attributes: { speeds: '9', links: 116 } }],
    ['KMC X10 10-Speed Chain', 'X10-116', 1490, 'Bridge-shaped plates for fast shifting on 10-speed.', { weightGrams: 270, attributes: { speeds: '10', links: 116 } }],
    ['KMC X11 11-Speed Chain', 'X11-118', 1990, 'Mushroom-riveted pins for strength at 11-speed.', { weightGrams: 257, attributes: { speeds: '11', links: 118 } }],
    ['KMC X11SL Ti-N Gold 11-Speed Chain', 'X11SL-TI-118', 4290, 'Super-light hollow pins with a gold Ti-N finish.', { weightGrams: 240, attributes: { speeds: '11', links: 118 } }],
    ['KMC X12 12-Speed Chain', 'X12-126', 3290, 'Works with Shimano, SRAM and Campagnolo 12-speed.', { weightGrams: 252, attributes: { speeds: '12', links: 126 } }],
    ['KMC e11 Turbo E-Bike 11-Speed Chain', 'E11T-136', 2590, 'Reinforced plates for e-bike torque, 136 links for long chainstays.', { weightGrams: 310, attributes: { speeds: '11', links: 136 } }],
    ['KMC MissingLink 10R (2 pairs)', 'CL550R', 450, 'Reusable 10-speed connector, two per card.', { weightGrams: 6, attributes: { speeds: '10' }, sale: { moq: 10, packSize: 10 } }],
    ['KMC MissingLink 11R (2 pairs)', 'CL555R', 490, 'Reusable 11-speed connector, two per card.', { weightGrams: 6, attributes: { speeds: '11' }, sale: { moq: 10, packSize: 10 } }],
    ['KMC MissingLink 12 (2 pairs)', 'CL559R', 590, 'Reusable 12-speed connector, two per card.', { weightGrams: 6, attributes: { speeds: '12' }, sale: { moq: 10, packSize: 10 } }],
  ]),
  // prettier-ignore
  ...lines('campagnolo', 'chains', [
    ['Campagnolo Centaur 11-Speed Chain', 'CN19-CE11', 2690, 'Ultra-Link chain for Campagnolo 11-speed, with its closing pin.', { weightGrams: 256, attributes: { speeds: '11', links: 114 } }],
    ['Campagnolo Chorus 12-Speed Chain', 'CN21-CH12', 3990, 'C-Link 12-speed chain for Chorus and Record.', { weightGrams: 235, attributes: { speeds: '12', links: 114 } }],
    ['Campagnolo Record 12-Speed Chain', 'CN21-RE12', 5290, 'Hollow-pin 12-speed chain with C-Link connector.', { weightGrams: 220, attributes: { speeds: '12', links: 114 } }],
  ]),
];

const hg = ['Shimano HG'];
const micro = ['Shimano Microspline'];
const xd = ['SRAM XD'];

const cassettes: PartLine[] = [
  // prettier-ignore
  ...lines('shimano', 'cassettes', [
    ['Shimano Alivio CS-HG400-9 9-Speed Cassette 11-34', 'CS-HG400-9-1134', 2290, 'Steel cogs on a spider for 9-speed trekking and MTB.', { weightGrams: 450, attributes: { speeds: '9', freehub: hg, range: '11-34' } }],
    ['Shimano Deore CS-HG500-10 10-Speed Cassette 11-32', 'CS-HG500-10-1132', 2890, 'Hyperglide 10-speed cassette for road and MTB.', { weightGrams: 380, attributes: { speeds: '10', freehub: hg, range: '11-32' } }],
    ['Shimano 105 CS-R7000-11 11-Speed Cassette', 'CS-R7000-11', 3990, 'Hyperglide 11-speed road cassette.', {
      weightGrams: 284,
      attributes: { speeds: '11', freehub: hg },
      variants: along('range', [
        ['11-28', 'CS-R7000-11-1128', '11-28'],
        ['11-30', 'CS-R7000-11-1130', '11-30'],
        ['11-32', 'CS-R7000-11-1132', '11-32', 4190],
        ['11-34', 'CS-R7000-11-1134', '11-34', 4290],
      ]),
    }],
    ['Shimano Ultegra CS-R8000 11-Speed Cassette', 'CS-R8000', 5690, 'Ultegra 11-speed road cassette with a carrier for the largest cogs.', {
      weightGrams: 268,
      attributes: { speeds: '11', freehub: hg },
      variants: along('range', [
        ['11-28', 'CS-R8000-1128', '11-28'],
        ['11-30', 'CS-R8000-1130', '11-30', 5890],
        ['11-32', 'CS-R8000-1132', '11-32', 5990],
      ]),
    }],
    ['Shimano Ultegra CS-R8100-12 12-Speed Cassette 11-30', 'CS-R8100-12-1130', 9990, 'Hyperglide+ 12-speed road cassette; fits an 11-speed road freehub.', { weightGrams: 345, attributes: { speeds: '12', freehub: hg, range: '11-30' } }],
    ['Shimano Deore XT CS-M8100-12 12-Speed Cassette', 'CS-M8100-12', 11990, 'Hyperglide+ 12-speed MTB cassette with alloy carriers.', {
      weightGrams: 470,
      attributes: { speeds: '12', freehub: micro },
      variants: along('range', [
        ['10-45', 'CS-M8100-12-1045', '10-45'],
        ['10-51', 'CS-M8100-12-1051', '10-51', 12490],
      ]),
    }],
    ['Shimano Deore CS-M6100-12 12-Speed Cassette 10-51', 'CS-M6100-12-1051', 6490, 'Hyperglide+ 12-speed cassette for Deore.', { weightGrams: 620, attributes: { speeds: '12', freehub: micro, range: '10-51' } }],
    ['Shimano Deore XT CS-HG700-11 11-Speed Cassette 11-34', 'CS-HG700-11-1134', 4990, 'Wide-range 11-speed cassette for road and gravel that fits an HG freehub.', { weightGrams: 390, attributes: { speeds: '11', freehub: hg, range: '11-34' } }],
  ]),
  // prettier-ignore
  ...lines('sram', 'cassettes', [
    ['SRAM PG-950 9-Speed Cassette 11-34', '00.2418.037.001', 2190, 'PowerGlide 9-speed cassette.', { weightGrams: 421, attributes: { speeds: '9', freehub: hg, range: '11-34' } }],
    ['SRAM PG-1050 10-Speed Cassette 11-32', '00.2418.024.001', 3290, 'PowerGlide 10-speed cassette with a PowerDome carrier.', { weightGrams: 343, attributes: { speeds: '10', freehub: hg, range: '11-32' } }],
    ['SRAM PG-1130 11-Speed Cassette', '00.2418.053.000', 4290, 'PowerGlide 11-speed cassette for road and 1x drivetrains.', {
      weightGrams: 320,
      attributes: { speeds: '11', freehub: hg },
      variants: along('range', [
        ['11-28', '00.2418.053.000', '11-28'],
        ['11-32', '00.2418.053.002', '11-32'],
        ['11-36', '00.2418.053.004', '11-36', 4490],
      ]),
    }],
    ['SRAM NX Eagle PG-1230 12-Speed Cassette 11-50', '00.2418.080.000', 6890, 'Eagle 12-speed cassette that fits a standard HG freehub.', { weightGrams: 615, attributes: { speeds: '12', freehub: hg, range: '11-50' } }],
    ['SRAM Apex Eagle PG-1210 12-Speed Cassette 11-50', '00.2418.134.000', 4990, 'Eagle 12-speed cassette for Apex, on an HG freehub.', { weightGrams: 650, attributes: { speeds: '12', freehub: hg, range: '11-50' } }],
    ['SRAM GX Eagle XG-1275 12-Speed Cassette 10-52', '00.2418.096.000', 17990, 'X-Dome cassette for the XD driver, black cogs with a gold sprocket.', { weightGrams: 450, attributes: { speeds: '12', freehub: xd, range: '10-52' } }],
    ['SRAM XX1 Eagle XG-1299 12-Speed Cassette 10-52', '00.2418.095.000', 39990, 'One-piece machined X-Dome cassette, rainbow finish.', { weightGrams: 385, attributes: { speeds: '12', freehub: xd, range: '10-52' } }],
    ['SRAM Rival AXS XG-1250 12-Speed Cassette 10-36', '00.2418.109.001', 12990, 'Road 12-speed cassette for the XDR driver.', { weightGrams: 365, attributes: { speeds: '12', freehub: xd, range: '10-36' } }],
  ]),
  // prettier-ignore
  ...lines('campagnolo', 'cassettes', [
    ['Campagnolo Chorus 12-Speed Cassette', 'CS19-CH12', 18990, 'Three titanium-free triplets on a Campagnolo freehub body.', {
      weightGrams: 294,
      attributes: { speeds: '12', freehub: ['Campagnolo'] },
      variants: along('range', [
        ['11-29', 'CS19-CH1229', '11-29'],
        ['11-32', 'CS19-CH1232', '11-32', 19490],
        ['11-34', 'CS19-CH1234', '11-34', 19990],
      ]),
    }],
    ['Campagnolo Centaur 11-Speed Cassette 11-29', 'CS19-CE1129', 6990, 'Steel 11-speed cassette for a Campagnolo freehub.', { weightGrams: 320, attributes: { speeds: '11', freehub: ['Campagnolo'], range: '11-29' } }],
  ]),
];

const chainrings: PartLine[] = [
  // prettier-ignore
  ...lines('shimano', 'chainrings', [
    ['Shimano Deore XT SM-CRM85 Direct-Mount Chainring', 'SM-CRM85', 4490, 'Dynamic Chain Engagement teeth for 12-speed 1x drivetrains on XT cranks.', {
      weightGrams: 85,
      attributes: { speeds: '12' },
      variants: along('teeth', [
        ['30T', 'SM-CRM85-30', 30],
        ['32T', 'SM-CRM85-32', 32],
        ['34T', 'SM-CRM85-34', 34],
        ['36T', 'SM-CRM85-36', 36, 4690],
      ]),
    }],
    ['Shimano Ultegra FC-R8000 Outer Chainring 52T', 'Y1P498010', 5990, 'Hollow outer ring for the 52-36 Ultegra crankset.', { weightGrams: 140, attributes: { speeds: '11', teeth: 52 } }],
    ['Shimano 105 FC-R7000 Inner Chainring 36T', 'Y1PH36000', 2990, 'Inner ring for the 52-36 105 crankset.', { weightGrams: 60, attributes: { speeds: '11', teeth: 36 } }],
  ]),
  // prettier-ignore
  ...lines('sram', 'chainrings', [
    ['SRAM X-Sync 2 Eagle Direct-Mount Chainring', '00.6218.019', 5490, 'X-Sync 2 tooth profile holds the chain on rough ground, 3 mm offset for Boost.', {
      weightGrams: 72,
      attributes: { speeds: '12' },
      variants: along('teeth', [
        ['30T', '00.6218.019.000', 30],
        ['32T', '00.6218.019.001', 32],
        ['34T', '00.6218.019.002', 34],
        ['36T', '00.6218.019.003', 36, 5690],
      ]),
    }],
    ['SRAM Force 1 X-Sync Chainring 42T', '00.6218.020.004', 7490, 'Narrow-wide 1x road and gravel chainring, 107 BCD.', { weightGrams: 96, attributes: { speeds: '12', teeth: 42 } }],
  ]),
  // prettier-ignore
  ...lines('campagnolo', 'chainrings', [
    ['Campagnolo Chorus 12-Speed Outer Chainring 50T', 'FC-CH150', 8990, 'Outer ring for the 50-34 Chorus 12-speed crankset.', { weightGrams: 120, attributes: { speeds: '12', teeth: 50 } }],
  ]),
  // prettier-ignore
  ...lines('ecparts', 'chainrings', [
    ['ECParts Narrow-Wide Chainring 104 BCD 32T', 'NW104-32', 1890, 'CNC-machined 7075 aluminium narrow-wide ring for 1x drivetrains, 9 to 12 speeds.', { weightGrams: 48, attributes: { teeth: 32 } }],
    ['ECParts Narrow-Wide Chainring 104 BCD 34T', 'NW104-34', 1890, 'CNC-machined 7075 aluminium narrow-wide ring for 1x drivetrains, 9 to 12 speeds.', { weightGrams: 52, attributes: { teeth: 34 } }],
  ]),
];

const bottomBrackets: PartLine[] = [
  // prettier-ignore
  ...lines('shimano', 'bottom-brackets', [
    ['Shimano Ultegra SM-BBR60 Hollowtech II Bottom Bracket BSA', 'SM-BBR60', 2290, 'Threaded 68 mm cups for 24 mm road cranks.', { weightGrams: 65, attributes: { 'bb-standard': 'BSA 68' } }],
    ['Shimano SM-BB72-41B Press-Fit Bottom Bracket BB86', 'SM-BB72-41B', 2190, 'Press-fit cups for 86.5 mm road shells and 24 mm spindles.', { weightGrams: 80, attributes: { 'bb-standard': 'BB86' } }],
    ['Shimano Deore XT BB-MT800 Bottom Bracket BSA', 'BB-MT800', 2990, 'Threaded cups for 68/73 mm MTB shells, with spacers.', { weightGrams: 96, attributes: { 'bb-standard': 'BSA 68' } }],
  ]),
  // prettier-ignore
  ...lines('sram', 'bottom-brackets', [
    ['SRAM DUB Bottom Bracket', '00.6418.022', 3290, 'For 28.99 mm DUB spindles, road and MTB.', {
      weightGrams: 77,
      variants: along('bb-standard', [
        ['BSA 68', '00.6418.022.000', 'BSA 68'],
        ['BB86', '00.6418.022.003', 'BB86', 3490],
        ['PF30', '00.6418.022.005', 'PF30', 3990],
        ['T47', '00.6418.022.008', 'T47', 4490],
      ]),
    }],
    ['SRAM GXP Team Bottom Bracket BSA', '00.6415.024.000', 2490, 'Threaded GXP cups for 24/22 mm spindles.', { weightGrams: 111, attributes: { 'bb-standard': 'BSA 68' } }],
  ]),
  // prettier-ignore
  ...lines('hope', 'bottom-brackets', [
    ['Hope Stainless Bottom Bracket 24 mm', 'BB24', 9490, 'Stainless bearings in machined cups, made in Barnoldswick.', {
      weightGrams: 100,
      variants: along('bb-standard', [
        ['BSA 68', 'BB24-BSA68', 'BSA 68'],
        ['BB86', 'BB24-BB86', 'BB86'],
        ['PF30', 'BB24-PF30', 'PF30', 9990],
        ['T47', 'BB24-T47', 'T47', 10990],
      ]),
    }],
  ]),
  // prettier-ignore
  ...lines('campagnolo', 'bottom-brackets', [
    ['Campagnolo Ultra-Torque Cups BSA', 'BB-UT-IT', 3990, 'Threaded cups for Ultra-Torque cranksets.', { weightGrams: 45, attributes: { 'bb-standard': 'BSA 68' } }],
    ['Campagnolo Ultra-Torque Press-Fit Cups BB86', 'BB-UT-PF86', 3990, 'Press-fit cups for 86.5 mm shells.', { weightGrams: 50, attributes: { 'bb-standard': 'BB86' } }],
  ]),
  // prettier-ignore
  ...lines('ecparts', 'bottom-brackets', [
    ['ECParts Threaded Bottom Bracket BSA 24 mm', 'BB-BSA24', 1290, 'Sealed steel bearings in alloy cups for 24 mm spindles.', { weightGrams: 90, attributes: { 'bb-standard': 'BSA 68' } }],
    ['ECParts PF30 to 24 mm Bottom Bracket', 'BB-PF30-24', 2190, 'Press-fit PF30 cups with reducers for 24 mm spindles.', { weightGrams: 110, attributes: { 'bb-standard': 'PF30' } }],
  ]),
];

const rearDerailleurs: PartLine[] = [
  // prettier-ignore
  ...lines('shimano', 'rear-derailleurs', [
    ['Shimano 105 RD-R7000-SS Rear Derailleur', 'RD-R7000-SS', 3990, 'Short cage for 11-speed up to 30T.', { weightGrams: 225, attributes: { speeds: '11' } }],
    ['Shimano 105 RD-R7000-GS Rear Derailleur', 'RD-R7000-GS', 4190, 'Mid cage for 11-speed up to 34T.', { weightGrams: 232, attributes: { speeds: '11' } }],
    ['Shimano Ultegra RD-R8000-SS Rear Derailleur', 'RD-R8000-SS', 5990, 'Shadow design, short cage, up to 30T.', { weightGrams: 200, attributes: { speeds: '11' } }],
    ['Shimano Ultegra RD-R8000-GS Rear Derailleur', 'RD-R8000-GS', 6290, 'Shadow design, mid cage, up to 34T.', { weightGrams: 210, attributes: { speeds: '11' } }],
    ['Shimano Deore RD-M5100-SGS Rear Derailleur', 'RD-M5100-SGS', 3790, 'Shadow RD+ clutch for 11-speed up to 51T.', { weightGrams: 314, attributes: { speeds: '11' } }],
    ['Shimano Deore RD-M6100-SGS Rear Derailleur', 'RD-M6100-SGS', 4790, 'Shadow RD+ clutch for 12-speed up to 51T.', { weightGrams: 318, attributes: { speeds: '12' } }],
    ['Shimano Deore XT RD-M8100-SGS Rear Derailleur', 'RD-M8100-SGS', 8490, 'Shadow RD+ with a lighter cage for 12-speed.', { weightGrams: 262, attributes: { speeds: '12' } }],
    ['Shimano SLX RD-M7100-SGS Rear Derailleur', 'RD-M7100-SGS', 5990, 'Shadow RD+ clutch for SLX 12-speed up to 51T.', { weightGrams: 291, attributes: { speeds: '12' } }],
    ['Shimano XTR RD-M9100-SGS Rear Derailleur', 'RD-M9100-SGS', 21990, 'Carbon cage plates, 12-speed up to 51T.', { weightGrams: 232, attributes: { speeds: '12' } }],
  ]),
  // prettier-ignore
  ...lines('sram', 'rear-derailleurs', [
    ['SRAM NX Eagle Rear Derailleur', '00.7518.104.000', 4990, 'Eagle 12-speed, Roller Bearing Clutch.', { weightGrams: 322, attributes: { speeds: '12' } }],
    ['SRAM GX Eagle Rear Derailleur', '00.7518.100.000', 8990, 'Eagle 12-speed with X-Sync pulleys.', { weightGrams: 290, attributes: { speeds: '12' } }],
    ['SRAM X01 Eagle Rear Derailleur', '00.7518.098.000', 18990, 'Forged aluminium cage, Eagle 12-speed.', { weightGrams: 264, attributes: { speeds: '12' } }],
    ['SRAM Apex 1 Rear Derailleur', '00.7518.089.000', 5490, '1x 11-speed road and gravel derailleur with a clutch.', { weightGrams: 297, attributes: { speeds: '11' } }],
    ['SRAM Rival eTap AXS Rear Derailleur', '00.7518.164.000', 22990, 'Wireless 12-speed road derailleur, battery included.', { weightGrams: 347, attributes: { speeds: '12' } }],
  ]),
  // prettier-ignore
  ...lines('campagnolo', 'rear-derailleurs', [
    ['Campagnolo Chorus 12-Speed Rear Derailleur', 'RD21-CH12', 15990, 'Embrace technology, medium cage up to 34T.', { weightGrams: 203, attributes: { speeds: '12' } }],
  ]),
];

const hanger = (code: string, frames: string, axle: string): PartLine => ({
  brand: 'ecparts',
  category: 'derailleur-hangers',
  name: `ECParts Derailleur Hanger ${code} (${frames})`,
  mpn: code,
  priceCents: 990,
  weightGrams: 25,
  attributes: { axle },
  about: `CNC-machined 6061-T6 aluminium replacement hanger for ${frames} frames.`,
});

const derailleurHangers: PartLine[] = [
  // prettier-ignore
  ...lines('sram', 'derailleur-hangers', [
    ['SRAM UDH Derailleur Hanger', '00.7918.089.000', 1990, 'One hanger for every frame built to the UDH standard; fits Eagle Transmission frames too.', { weightGrams: 25, attributes: { axle: '12×148 Boost' } }],
  ]),
  hanger('DH-101', 'Giant 12 mm thru-axle', '12×142'),
  hanger('DH-102', 'Trek ABP', '12×142'),
  hanger('DH-103', 'Specialized thru-axle', '12×148 Boost'),
  hanger('DH-104', 'Canyon road disc', '12×142'),
  hanger('DH-105', 'Cube quick release', 'QR 135'),
  hanger('DH-106', 'Scott thru-axle', '12×148 Boost'),
  hanger('DH-107', 'Cannondale quick release', 'QR 135'),
  hanger('DH-108', 'Orbea thru-axle', '12×142'),
  hanger('DH-109', 'Santa Cruz', '12×148 Boost'),
  hanger('DH-110', 'Merida quick release', 'QR 135'),
];

const shifters: PartLine[] = [
  // prettier-ignore
  ...lines('shimano', 'shifters', [
    ['Shimano Deore XT SL-M8100-R Shift Lever', 'SL-M8100-R', 3990, 'I-Spec EV mount, Rapidfire Plus 12-speed.', { weightGrams: 111, attributes: { speeds: '12' } }],
    ['Shimano SLX SL-M7100-R Shift Lever', 'SL-M7100-R', 2890, 'Rapidfire Plus 12-speed with a clamp band.', { weightGrams: 116, attributes: { speeds: '12' } }],
    ['Shimano Deore SL-M6100-R Shift Lever', 'SL-M6100-R', 2290, 'Rapidfire Plus 12-speed with a clamp band.', { weightGrams: 119, attributes: { speeds: '12' } }],
    ['Shimano Deore SL-M5100-R Shift Lever', 'SL-M5100-R', 1990, 'Rapidfire Plus 11-speed with a clamp band.', { weightGrams: 116, attributes: { speeds: '11' } }],
    ['Shimano Deore SL-M4100-R Shift Lever', 'SL-M4100-R', 1690, 'Rapidfire Plus 10-speed.', { weightGrams: 120, attributes: { speeds: '10' } }],
    ['Shimano 105 ST-R7000-R Dual Control Lever (Right)', 'ST-R7000-R', 10990, 'Mechanical 11-speed road shift and rim-brake lever.', { weightGrams: 249, attributes: { speeds: '11' } }],
    ['Shimano 105 ST-R7020-R Hydraulic Dual Control Lever (Right)', 'ST-R7020-R', 15990, '11-speed shift lever with a hydraulic disc brake.', { weightGrams: 266, attributes: { speeds: '11' } }],
  ]),
  // prettier-ignore
  ...lines('sram', 'shifters', [
    ['SRAM NX Eagle Trigger Shifter', '00.7018.307.000', 1990, '12-speed trigger with a discrete clamp.', { weightGrams: 125, attributes: { speeds: '12' } }],
    ['SRAM GX Eagle Trigger Shifter', '00.7018.304.000', 3490, '12-speed trigger with MatchMaker X mount.', { weightGrams: 122, attributes: { speeds: '12' } }],
    ['SRAM X01 Eagle Trigger Shifter', '00.7018.302.000', 8990, '12-speed trigger with an adjustable pull lever.', { weightGrams: 110, attributes: { speeds: '12' } }],
    ['SRAM Eagle AXS Rocker Paddle Controller', '00.7018.386.000', 14990, 'Wireless 12-speed controller with a rocker paddle, battery included.', { weightGrams: 65, attributes: { speeds: '12' } }],
  ]),
  // prettier-ignore
  ...lines('campagnolo', 'shifters', [
    ['Campagnolo Chorus 12-Speed Ergopower Levers (Pair)', 'EP21-CH12', 37990, 'Ultra-Shift 12-speed levers for rim brakes.', { weightGrams: 370, attributes: { speeds: '12' } }],
  ]),
];

const cables: PartLine[] = [
  // prettier-ignore
  ...lines('jagwire', 'cables-housing', [
    ['Jagwire Sport Shift Cable 1.1 x 2300 mm', 'BSC-1.1-2300', 120, 'Slick stainless inner cable, Shimano and SRAM head.', { weightGrams: 12, attributes: { 'length-mm': 2300 }, sale: { moq: 50, packSize: 25 } }],
    ['Jagwire Elite Polished Shift Cable 1.1 x 2300 mm', 'ESC-1.1-2300', 390, 'Polished ultra-slick stainless cable for the smoothest shifts.', { weightGrams: 12, attributes: { 'length-mm': 2300 }, sale: { moq: 10, packSize: 10 } }],
    ['Jagwire Sport Brake Cable 1.5 mm', 'BBC-1.5', 150, 'Slick stainless brake cable with a road and MTB head.', {
      weightGrams: 20,
      sale: { moq: 50, packSize: 25 },
      variants: along('length-mm', [
        ['x 1700 mm (Road)', 'BBC-1.5-1700', 1700],
        ['x 2000 mm (MTB)', 'BBC-1.5-2000', 2000, 160],
      ]),
    }],
    ['Jagwire 4 mm LEX-SL Shift Housing, 10 m', 'LEX-SL-10M', 1890, 'Lubricated liner and compressionless strands, on a workshop reel.', {
      weightGrams: 420,
      attributes: { 'length-mm': 10000 },
      variants: along('colour', [
        ['Black', 'LEX-SL-10M-BK', 'Black'],
        ['White', 'LEX-SL-10M-WH', 'White'],
        ['Red', 'LEX-SL-10M-RD', 'Red'],
        ['Blue', 'LEX-SL-10M-BL', 'Blue'],
        ['Grey', 'LEX-SL-10M-GR', 'Grey'],
      ]),
    }],
    ['Jagwire 5 mm CGX-SL Brake Housing, 10 m', 'CGX-SL-10M', 1990, 'Kevlar-reinforced brake housing with a slick liner.', {
      weightGrams: 560,
      attributes: { 'length-mm': 10000 },
      variants: along('colour', [
        ['Black', 'CGX-SL-10M-BK', 'Black'],
        ['White', 'CGX-SL-10M-WH', 'White'],
        ['Red', 'CGX-SL-10M-RD', 'Red'],
      ]),
    }],
    ['Jagwire 4 mm Housing End Caps (100 pcs)', 'BOT121', 990, 'Sealed alloy end caps for 4 mm shift housing, in a workshop bottle.', { weightGrams: 90 }],
    ['Jagwire Road Elite Link Brake Kit', 'RCK750', 4990, 'Link housing, polished cables and ferrules for two brakes.', { weightGrams: 140, attributes: { colour: 'Black' } }],
  ]),
  // prettier-ignore
  ...lines('shimano', 'cables-housing', [
    ['Shimano OT-SP41 Shift Housing, 30 m Workshop Roll', 'OT-SP41-30M', 5990, 'SIS-SP41 compressionless housing on a 30 m roll.', { weightGrams: 1400, attributes: { 'length-mm': 30000, colour: 'Black' } }],
    ['Shimano BC-9000 Polymer-Coated Brake Cable Set', 'BC-9000', 1290, 'Dura-Ace grade coated brake cables and housing for road.', { weightGrams: 110, attributes: { colour: 'Black' }, sale: { moq: 10, packSize: 10 } }],
    ['Shimano OT-RS900 Polymer-Coated Shift Cable Set', 'OT-RS900', 1990, 'Coated inner cables and OT-RS900 housing for road.', { weightGrams: 95, attributes: { colour: 'Black' }, sale: { moq: 10, packSize: 10 } }],
  ]),
  // prettier-ignore
  ...lines('ecparts', 'cables-housing', [
    ['ECParts Cable End Crimps 1.2 mm (500 pcs)', 'CEC-500', 690, 'Alloy crimps for shift and brake inner cables, in a workshop tub.', { weightGrams: 160 }],
    ['ECParts Housing Ferrules 5 mm (100 pcs)', 'HF5-100', 590, 'Alloy ferrules for 5 mm brake housing.', { weightGrams: 80 }],
  ]),
];

const cl = { 'rotor-mount': 'Centerlock' };
const sixBolt = { 'rotor-mount': '6-bolt' };

const rotors: PartLine[] = [
  // prettier-ignore
  ...lines('shimano', 'disc-rotors', [
    ['Shimano Ultegra SM-RT800 Ice-Tech Freeza Rotor', 'SM-RT800', 4990, 'Radiator fins shed heat on long road descents.', {
      weightGrams: 118,
      attributes: cl,
      variants: along('rotor-size', [
        ['140 mm', 'SM-RT800-S', '140'],
        ['160 mm', 'SM-RT800-M', '160', 5290],
      ]),
    }],
    ['Shimano Deore XT RT-MT800 Ice-Tech Rotor', 'RT-MT800', 3990, 'Ice-Tech three-layer rotor for MTB.', {
      weightGrams: 160,
      attributes: cl,
      variants: along('rotor-size', [
        ['160 mm', 'RT-MT800-S', '160'],
        ['180 mm', 'RT-MT800-M', '180', 4290],
        ['203 mm', 'RT-MT800-L', '203', 4690],
      ]),
    }],
    ['Shimano SM-RT70 Ice-Tech Rotor 160 mm', 'SM-RT70-S', 2690, 'Ice-Tech rotor for 105 and Ultegra.', { weightGrams: 125, attributes: { ...cl, 'rotor-size': '160' } }],
    ['Shimano SM-RT54 Rotor 160 mm', 'SM-RT54-S', 1490, 'Steel Centerlock rotor for resin pads only.', { weightGrams: 145, attributes: { ...cl, 'rotor-size': '160' } }],
    ['Shimano SM-RT56 Rotor 180 mm', 'SM-RT56-M', 1290, 'Steel 6-bolt rotor for resin pads only.', { weightGrams: 170, attributes: { ...sixBolt, 'rotor-size': '180' } }],
    ['Shimano SLX SM-RT66 Rotor 203 mm', 'SM-RT66-L', 2290, 'Stainless 6-bolt rotor for resin and metal pads.', { weightGrams: 210, attributes: { ...sixBolt, 'rotor-size': '203' } }],
  ]),
  // prettier-ignore
  ...lines('sram', 'disc-rotors', [
    ['SRAM Centerline Rotor 6-Bolt', '00.5018.041', 2990, 'Rounded edges, quiet and strong; bolts included.', {
      weightGrams: 120,
      attributes: sixBolt,
      variants: along('rotor-size', [
        ['140 mm', '00.5018.041.000', '140'],
        ['160 mm', '00.5018.041.001', '160'],
        ['180 mm', '00.5018.041.002', '180', 3190],
        ['200 mm', '00.5018.041.003', '200', 3390],
        ['220 mm', '00.5018.041.004', '220', 3590],
      ]),
    }],
    ['SRAM HS2 Rotor 6-Bolt 200 mm', '00.5018.202.006', 4990, '2 mm thick rotor for heat and power on e-MTB and enduro.', { weightGrams: 235, attributes: { ...sixBolt, 'rotor-size': '200' } }],
    ['SRAM Paceline Rotor Centerlock 160 mm', '00.5018.151.001', 3990, 'Two-piece road rotor with an aluminium carrier.', { weightGrams: 120, attributes: { ...cl, 'rotor-size': '160' } }],
  ]),
  // prettier-ignore
  ...lines('hope', 'disc-rotors', [
    ['Hope Floating Disc Rotor 6-Bolt', 'HBSPFL', 5990, 'Stainless braking surface floating on an anodised alloy carrier.', {
      weightGrams: 140,
      attributes: sixBolt,
      variants: along('rotor-size', [
        ['160 mm', 'HBSPFL160B', '160'],
        ['180 mm', 'HBSPFL180B', '180', 6290],
        ['203 mm', 'HBSPFL203B', '203', 6590],
      ]),
    }],
  ]),
  // prettier-ignore
  ...lines('swissstop', 'disc-rotors', [
    ['SwissStop Catalyst Race Rotor Centerlock 160 mm', 'P100003403', 5490, 'Fast-cooling rotor with an aluminium core, for road and gravel.', { weightGrams: 128, attributes: { ...cl, 'rotor-size': '160' } }],
  ]),
  // prettier-ignore
  ...lines('ecparts', 'disc-rotors', [
    ['ECParts Workshop Rotor 6-Bolt 160 mm', 'RT6-160', 890, 'Heat-treated stainless 6-bolt rotor, bolts included.', { weightGrams: 130, attributes: { ...sixBolt, 'rotor-size': '160' } }],
    ['ECParts Workshop Rotor 6-Bolt 180 mm', 'RT6-180', 990, 'Heat-treated stainless 6-bolt rotor, bolts included.', { weightGrams: 155, attributes: { ...sixBolt, 'rotor-size': '180' } }],
  ]),
];

const resin = { 'pad-compound': 'Resin' };
const sintered = { 'pad-compound': 'Sintered' };

const pads: PartLine[] = [
  // prettier-ignore
  ...lines('shimano', 'disc-brake-pads', [
    ['Shimano L05A-RF Resin Disc Brake Pads', 'L05A-RF', 1390, 'Resin pads with cooling fins for road flat-mount calipers.', { weightGrams: 40, attributes: resin }],
    ['Shimano L04C-MF Metal Disc Brake Pads', 'L04C-MF', 1590, 'Metal pads with cooling fins for road flat-mount calipers.', { weightGrams: 42, attributes: sintered }],
    ['Shimano K05S-RX Resin Disc Brake Pads', 'K05S-RX', 1190, 'Resin pads for road flat-mount calipers.', { weightGrams: 30, attributes: resin }],
    ['Shimano N03A-RF Resin Disc Brake Pads', 'N03A-RF', 1690, 'Resin pads with cooling fins for 4-piston MTB calipers.', { weightGrams: 48, attributes: resin }],
    ['Shimano N04C-MF Metal Disc Brake Pads', 'N04C-MF', 1890, 'Metal pads with cooling fins for 4-piston MTB calipers.', { weightGrams: 50, attributes: sintered }],
    ['Shimano J05A-RF Resin Disc Brake Pads', 'J05A-RF', 1290, 'Resin pads with cooling fins for 2-piston MTB calipers.', { weightGrams: 38, attributes: resin }],
    ['Shimano G05S-RX Resin Disc Brake Pads', 'G05S-RX', 990, 'Resin pads for 2-piston MTB calipers.', { weightGrams: 30, attributes: resin }],
    ['Shimano B05S-RX Resin Disc Brake Pads', 'B05S-RX', 890, 'Resin pads for entry-level Shimano calipers.', { weightGrams: 28, attributes: resin }],
    ['Shimano D03S-RX Resin Disc Brake Pads', 'D03S-RX', 1490, 'Resin pads for Saint and Zee four-piston calipers.', { weightGrams: 50, attributes: resin }],
  ]),
  // prettier-ignore
  ...lines('sram', 'disc-brake-pads', [
    ['SRAM Level / Guide Disc Brake Pads', '00.5315.035', 1390, 'Steel backing plate, for Level TL, T, and Guide calipers.', {
      weightGrams: 34,
      variants: along('pad-compound', [
        ['Organic', '00.5315.035.020', 'Resin'],
        ['Sintered', '00.5315.035.030', 'Sintered', 1590],
      ]),
    }],
    ['SRAM Road Disc Brake Pads', '00.5318.012', 1490, 'For Force, Rival and Apex road calipers.', {
      weightGrams: 32,
      variants: along('pad-compound', [
        ['Organic', '00.5318.012.000', 'Resin'],
        ['Sintered', '00.5318.012.001', 'Sintered', 1690],
      ]),
    }],
    ['SRAM Code Sintered Disc Brake Pads', '00.5318.006.001', 1590, 'Sintered pads for Code and Guide RE calipers.', { weightGrams: 48, attributes: sintered }],
  ]),
  // prettier-ignore
  ...lines('swissstop', 'disc-brake-pads', [
    ['SwissStop Disc 34 E Pads (Shimano Road)', 'P100003216', 1990, 'Organic compound for quiet, strong road braking.', { weightGrams: 35, attributes: resin }],
    ['SwissStop Disc 34 RS Pads (Shimano Road)', 'P100003217', 2190, 'Sintered race compound for long descents.', { weightGrams: 36, attributes: sintered }],
    ['SwissStop Disc 15 E Pads (SRAM Guide)', 'P100003196', 1890, 'Organic compound for SRAM Guide and Level calipers.', { weightGrams: 34, attributes: resin }],
    ['SwissStop Disc 30 E Pads (SRAM Road)', 'P100003208', 1990, 'Organic compound for SRAM road calipers.', { weightGrams: 33, attributes: resin }],
  ]),
  // prettier-ignore
  ...lines('hope', 'disc-brake-pads', [
    ['Hope Tech 4 E4 Disc Brake Pads, Sintered', 'HBSP474S', 1690, 'Sintered pads for Tech 4 E4 and V4 calipers.', { weightGrams: 52, attributes: sintered }],
  ]),
];

const flat = { 'brake-mount': 'Flat mount' };
const post = { 'brake-mount': 'Post mount' };
const is = { 'brake-mount': 'IS' };

const discBrakes: PartLine[] = [
  // prettier-ignore
  ...lines('shimano', 'disc-brakes', [
    ['Shimano Ultegra BR-R8170 Hydraulic Disc Caliper', 'BR-R8170', 7990, 'Flat-mount road caliper for 12-speed Ultegra, front or rear.', { weightGrams: 122, attributes: flat }],
    ['Shimano 105 BR-R7170 Hydraulic Disc Caliper', 'BR-R7170', 4990, 'Flat-mount road caliper for 12-speed 105.', { weightGrams: 128, attributes: flat }],
    ['Shimano Dura-Ace BR-R9270 Hydraulic Disc Caliper', 'BR-R9270', 12990, 'Flat-mount road caliper with more pad clearance.', { weightGrams: 119, attributes: flat }],
    ['Shimano BR-RS305 Mechanical Disc Caliper', 'BR-RS305', 3490, 'Cable-operated flat-mount caliper for road and gravel.', { weightGrams: 180, attributes: flat }],
    ['Shimano Deore XT BR-M8100 Hydraulic Disc Caliper', 'BR-M8100', 5990, 'Two-piston post-mount caliper.', { weightGrams: 132, attributes: post }],
    ['Shimano Deore XT BR-M8120 4-Piston Disc Caliper', 'BR-M8120', 7490, 'Four-piston post-mount caliper for trail and enduro.', { weightGrams: 181, attributes: post }],
    ['Shimano Deore BR-M6120 4-Piston Disc Caliper', 'BR-M6120', 3990, 'Four-piston post-mount caliper.', { weightGrams: 193, attributes: post }],
    ['Shimano BR-MT200 Hydraulic Disc Caliper', 'BR-MT200', 1990, 'Two-piston post-mount caliper.', { weightGrams: 150, attributes: post }],
    ['Shimano SLX BR-M7100 Hydraulic Disc Caliper', 'BR-M7100', 4490, 'Two-piston post-mount caliper for trail bikes.', { weightGrams: 140, attributes: post }],
    ['Shimano SM-MA-F180P/S Mount Adaptor', 'SM-MA-F180P/S', 1290, 'Post-mount caliper on an IS frame or fork, for a 180 mm rotor.', { weightGrams: 40, attributes: is }],
    ['Shimano SM-MA-R160P/S Mount Adaptor', 'SM-MA-R160P/S', 1290, 'Post-mount caliper on an IS frame, for a 160 mm rotor.', { weightGrams: 38, attributes: is }],
  ]),
  // prettier-ignore
  ...lines('sram', 'disc-brakes', [
    ['SRAM Level TL Hydraulic Disc Brake (Front)', '00.5018.106.000', 6990, 'Lever, 950 mm hose and post-mount caliper, bled and ready.', { weightGrams: 320, attributes: post }],
    ['SRAM Code RSC Hydraulic Disc Brake (Rear)', '00.5018.117.004', 17990, 'Four-piston brake with SwingLink and contact-point adjust.', { weightGrams: 420, attributes: post }],
  ]),
  // prettier-ignore
  ...lines('hope', 'disc-brakes', [
    ['Hope Tech 4 E4 Hydraulic Disc Brake (Rear)', 'HBT4E4R', 21990, 'Four-piston brake machined in the UK, bled and ready.', { weightGrams: 410, attributes: post }],
    ['Hope RX4+ Flat Mount Caliper', 'HBSPC90FM', 14990, 'Four-piston flat-mount road and gravel caliper for Shimano fluid.', { weightGrams: 170, attributes: flat }],
  ]),
  // prettier-ignore
  ...lines('ecparts', 'disc-brakes', [
    ['ECParts IS to Post Mount Adaptor +20 mm', 'ISPM-20', 690, 'Forged aluminium adaptor with stainless bolts.', { weightGrams: 35, attributes: is }],
  ]),
];

const tyre = (wheelSize: string, width: number, tubeless: boolean) => ({
  'wheel-size': wheelSize,
  width,
  tubeless,
});

const roadTyres: PartLine[] = [
  // prettier-ignore
  ...lines('continental', 'road-tyres', [
    ['Continental Grand Prix 5000 Tyre', '0101', 4490, 'BlackChili compound and Vectran breaker: fast, grippy and puncture resistant.', {
      weightGrams: 225,
      attributes: { 'wheel-size': '622', tubeless: false },
      variants: along('width', [
        ['700 x 25c', '01015840000', 25],
        ['700 x 28c', '01015850000', 28],
        ['700 x 30c', '01017680000', 30, 4690],
        ['700 x 32c', '01015870000', 32, 4690],
      ]),
    }],
    ['Continental Grand Prix 5000 S TR Tyre', '0102', 5490, 'Tubeless-ready version of the GP5000, hook and hookless rims.', {
      weightGrams: 270,
      attributes: { 'wheel-size': '622', tubeless: true },
      variants: along('width', [
        ['700 x 25c', '01019430000', 25],
        ['700 x 28c', '01019440000', 28],
        ['700 x 30c', '01019450000', 30],
        ['700 x 32c', '01019460000', 32, 5690],
      ]),
    }],
    ['Continental Gatorskin Tyre', '0100', 2990, 'DuraSkin sidewalls and PolyX breaker for training and winter miles.', {
      weightGrams: 250,
      attributes: { 'wheel-size': '622', tubeless: false },
      variants: along('width', [
        ['700 x 25c', '01013850000', 25],
        ['700 x 28c', '01013860000', 28],
        ['700 x 32c', '01013870000', 32, 3190],
      ]),
    }],
    ['Continental Grand Prix Classic Tyre 700 x 28c', '01018160000', 5290, 'Transparent skinwall look with the GP5000 compound.', { weightGrams: 275, attributes: tyre('622', 28, false) }],
    ['Continental Ultra Sport III Tyre 700 x 25c', '01503440000', 1490, 'PureGrip compound, wire bead, for everyday riding.', { weightGrams: 330, attributes: tyre('622', 25, false) }],
    ['Continental Contact Plus Tyre 700 x 37c', '01501870000', 2690, 'SafetySystem Plus breaker and reflective sidewalls for city and touring.', { weightGrams: 650, attributes: tyre('622', 37, false) }],
  ]),
  // prettier-ignore
  ...lines('schwalbe', 'road-tyres', [
    ['Schwalbe Pro One TLE Tyre', '1160', 5490, 'Addix Race compound, tubeless easy.', {
      weightGrams: 255,
      attributes: { 'wheel-size': '622', tubeless: true },
      variants: along('width', [
        ['700 x 25c', '11654022', 25],
        ['700 x 28c', '11654023', 28],
        ['700 x 30c', '11654175', 30, 5690],
      ]),
    }],
    ['Schwalbe One Tyre 700 x 25c', '11600922', 3990, 'Addix Race compound, folding, for training and racing.', { weightGrams: 225, attributes: tyre('622', 25, false) }],
    ['Schwalbe Durano Plus Tyre 700 x 28c', '11600335', 3690, 'SmartGuard layer for 10,000 km of winter training.', { weightGrams: 420, attributes: tyre('622', 28, false) }],
    ['Schwalbe Marathon Plus Tyre 700 x 35c', '11159371', 3490, 'SmartGuard: the flat-less touring and commuting tyre.', { weightGrams: 910, attributes: tyre('622', 35, false) }],
    ['Schwalbe Marathon Tyre 26 x 2.00', '11100563', 2490, 'GreenGuard touring tyre for 26-inch trekking wheels.', { weightGrams: 860, attributes: tyre('559', 50, false) }],
    ['Schwalbe Big Apple Tyre 26 x 2.15', '11100356', 2790, 'Balloon tyre for comfortable city riding on 26-inch wheels.', { weightGrams: 720, attributes: tyre('559', 55, false) }],
  ]),
  // prettier-ignore
  ...lines('maxxis', 'road-tyres', [
    ['Maxxis Re-Fuse Tyre 700 x 28c', 'TB95914400', 3290, 'MaxxShield puncture protection for training and commuting.', { weightGrams: 320, attributes: tyre('622', 28, false) }],
    ['Maxxis High Road Tyre 700 x 28c', 'TB96852100', 4790, 'HYPR compound and K2 protection for fast road riding.', { weightGrams: 240, attributes: tyre('622', 28, false) }],
  ]),
];

const gravelTyres: PartLine[] = [
  // prettier-ignore
  ...lines('schwalbe', 'gravel-tyres', [
    ['Schwalbe G-One Allround TLE Tyre', '1165', 4690, 'Round knobs that roll on tarmac and hold on gravel.', {
      weightGrams: 480,
      attributes: { 'wheel-size': '622', tubeless: true },
      variants: along('width', [
        ['700 x 35c', '11654134', 35],
        ['700 x 40c', '11654135', 40],
        ['700 x 45c', '11654136', 45, 4890],
      ]),
    }],
    ['Schwalbe G-One Bite TLE Tyre 700 x 45c', '11654144', 4890, 'Bigger shoulder knobs for loose and wet gravel.', { weightGrams: 560, attributes: tyre('622', 45, true) }],
    ['Schwalbe G-One RS TLE Tyre 700 x 40c', '11654320', 5290, 'Race-fast gravel tread with a fine centre.', { weightGrams: 450, attributes: tyre('622', 40, true) }],
    ['Schwalbe G-One Overland TLE Tyre 700 x 45c', '11654330', 5490, 'Bikepacking gravel tyre with a tougher casing.', { weightGrams: 620, attributes: tyre('622', 45, true) }],
    ['Schwalbe G-One Allround TLE Tyre 650B x 50', '11654140', 4890, 'The G-One Allround for 650B gravel wheels.', { weightGrams: 530, attributes: tyre('584', 50, true) }],
  ]),
  // prettier-ignore
  ...lines('continental', 'gravel-tyres', [
    ['Continental Terra Speed TR Tyre', '0103', 4490, 'BlackChili compound and a fast-rolling tread for hardpack gravel.', {
      weightGrams: 430,
      attributes: { 'wheel-size': '622', tubeless: true },
      variants: along('width', [
        ['700 x 35c', '01019720000', 35],
        ['700 x 40c', '01019730000', 40],
        ['700 x 45c', '01019740000', 45, 4690],
      ]),
    }],
    ['Continental Terra Trail TR Tyre 700 x 40c', '01019750000', 4490, 'ShieldWall sidewalls and an open tread for mixed gravel.', { weightGrams: 490, attributes: tyre('622', 40, true) }],
    ['Continental Terra Hardpack TR Tyre 650B x 50', '01019790000', 4690, 'Low-profile knobs for hardpack on 650B wheels.', { weightGrams: 520, attributes: tyre('584', 50, true) }],
  ]),
  // prettier-ignore
  ...lines('maxxis', 'gravel-tyres', [
    ['Maxxis Rambler TR Tyre 700 x 40c', 'TB91178100', 4590, 'Tightly spaced knobs for speed on packed gravel.', { weightGrams: 420, attributes: tyre('622', 40, true) }],
    ['Maxxis Reaver TR Tyre 700 x 45c', 'TB96998100', 4790, 'Ramped centre knobs for fast gravel riding.', { weightGrams: 475, attributes: tyre('622', 45, true) }],
    ['Maxxis Ravager TR Tyre 700 x 50c', 'TB96999100', 4990, 'Aggressive gravel tread for loose climbs.', { weightGrams: 560, attributes: tyre('622', 50, true) }],
    ['Maxxis Receptor TR Tyre 650B x 47', 'TB90937100', 4590, 'Low-profile tread for 650B gravel wheels.', { weightGrams: 500, attributes: tyre('584', 47, true) }],
  ]),
];

/** 2.35" and the like, as millimetres on the ETRTO label. */
const inch = { '2.25': 57, '2.3': 58, '2.35': 60, '2.4': 61, '2.5': 64, '2.6': 66 } as const;

const mtb = (
  label: string,
  mpn: string,
  wheel: '584' | '622' | '559',
  width: keyof typeof inch,
  priceCents?: number,
): PartVariant => ({
  label,
  mpn,
  values: { 'wheel-size': wheel, width: inch[width] },
  ...(priceCents === undefined ? {} : { priceCents }),
});

const mtbTyres: PartLine[] = [
  // prettier-ignore
  ...lines('maxxis', 'mtb-tyres', [
    ['Maxxis Minion DHF 3C MaxxTerra EXO TR Tyre', 'TB8', 5490, 'The benchmark front tyre: ramped centre knobs and big shoulder blocks.', {
      weightGrams: 1000,
      attributes: { tubeless: true },
      variants: [
        mtb('27.5 x 2.50 WT', 'TB85926100', '584', '2.5'),
        mtb('27.5 x 2.30', 'TB85906100', '584', '2.3'),
        mtb('29 x 2.50 WT', 'TB96797100', '622', '2.5', 5690),
        mtb('29 x 2.30', 'TB96796100', '622', '2.3', 5690),
      ],
    }],
    ['Maxxis Assegai 3C MaxxGrip EXO+ TR Tyre', 'TB9', 6290, 'Downhill and enduro grip in the MaxxGrip compound.', {
      weightGrams: 1150,
      attributes: { tubeless: true, width: 64 },
      variants: along('wheel-size', [
        ['27.5 x 2.50 WT', 'TB85996400', '584'],
        ['29 x 2.50 WT', 'TB96989400', '622', 6490],
      ]),
    }],
    ['Maxxis Dissector 3C MaxxTerra EXO TR Tyre 29 x 2.40 WT', 'TB96830100', 5690, 'Fast centre and supportive shoulders for trail riding.', { weightGrams: 1000, attributes: tyre('622', 61, true) }],
    ['Maxxis Minion DHR II 3C MaxxTerra EXO TR Tyre 29 x 2.40 WT', 'TB96800100', 5690, 'The rear tyre to pair with a DHF: braking blocks and big shoulders.', { weightGrams: 1020, attributes: tyre('622', 61, true) }],
    ['Maxxis Aggressor EXO TR Tyre 29 x 2.50 WT', 'TB96978100', 4990, 'Durable rear tyre for trail and enduro.', { weightGrams: 1050, attributes: tyre('622', 64, true) }],
    ['Maxxis Rekon 3C MaxxSpeed EXO TR Tyre 29 x 2.40 WT', 'TB96936100', 5490, 'Quick-rolling trail tyre for dry conditions.', { weightGrams: 890, attributes: tyre('622', 61, true) }],
    ['Maxxis Ardent Race 3C EXO TR Tyre 29 x 2.35', 'TB96728100', 4990, 'Cross-country race tread that still corners.', { weightGrams: 790, attributes: tyre('622', 60, true) }],
    ['Maxxis High Roller II EXO Tyre 26 x 2.30', 'TB74257600', 4490, 'Classic 26-inch trail and dirt-jump tyre.', { weightGrams: 860, attributes: tyre('559', 58, false) }],
  ]),
  // prettier-ignore
  ...lines('schwalbe', 'mtb-tyres', [
    ['Schwalbe Nobby Nic Evolution Super Trail TLE Tyre', '1160N', 5290, 'Addix SpeedGrip all-round trail tyre.', {
      weightGrams: 980,
      attributes: { tubeless: true },
      variants: [
        mtb('27.5 x 2.40', '11654211', '584', '2.4'),
        mtb('27.5 x 2.60', '11654213', '584', '2.6', 5490),
        mtb('29 x 2.40', '11654215', '622', '2.4'),
        mtb('29 x 2.60', '11654217', '622', '2.6', 5490),
      ],
    }],
    ['Schwalbe Magic Mary Evolution Super Gravity TLE Tyre 29 x 2.40', '11654031', 6490, 'Addix Soft enduro and downhill tyre.', { weightGrams: 1350, attributes: tyre('622', 61, true) }],
    ['Schwalbe Tacky Chan Evolution Super Trail TLE Tyre 29 x 2.40', '11654400', 6290, 'Rear-focused enduro tyre with grip that lasts.', { weightGrams: 1150, attributes: tyre('622', 61, true) }],
    ['Schwalbe Racing Ray Evolution Super Race TLE Tyre 29 x 2.25', '11654076', 5990, 'Cross-country front tyre in Addix Speed.', { weightGrams: 610, attributes: tyre('622', 57, true) }],
    ['Schwalbe Hans Dampf Performance TLR Tyre 27.5 x 2.35', '11601091', 3490, 'The all-mountain all-rounder at a workshop price.', { weightGrams: 870, attributes: tyre('584', 60, true) }],
    ['Schwalbe Rapid Rob Tyre 26 x 2.25', '11159079', 1990, 'Wire-bead 26-inch tyre for everyday mountain bikes.', { weightGrams: 790, attributes: tyre('559', 57, false) }],
  ]),
  // prettier-ignore
  ...lines('continental', 'mtb-tyres', [
    ['Continental Kryptotal-F Trail Endurance Tyre 29 x 2.40', '01019370000', 5990, 'Front-specific trail tyre in Endurance compound.', { weightGrams: 1100, attributes: tyre('622', 61, true) }],
    ['Continental Cross King ProTection Tyre 29 x 2.30', '01505870000', 4990, 'Fast-rolling trail and marathon tread, tubeless ready.', { weightGrams: 760, attributes: tyre('622', 58, true) }],
    ['Continental Mountain King Tyre 26 x 2.30', '01502410000', 2490, 'Wire-bead all-rounder for 26-inch wheels.', { weightGrams: 720, attributes: tyre('559', 58, false) }],
  ]),
];

const tubes: PartLine[] = [
  // prettier-ignore
  ...lines('schwalbe', 'inner-tubes', [
    ['Schwalbe Standard Inner Tube', 'SV', 390, 'Butyl inner tube with a removable valve core on Presta versions.', {
      weightGrams: 180,
      variants: [
        { label: '700 x 28-45c Presta 40 mm', mpn: '10420341', values: { 'wheel-size': '622', valve: 'Presta' } },
        { label: '700 x 28-45c Schrader', mpn: '10420343', values: { 'wheel-size': '622', valve: 'Schrader' } },
        { label: '27.5 x 1.50-2.40 Presta 40 mm', mpn: '10420370', values: { 'wheel-size': '584', valve: 'Presta' }, weightGrams: 220 },
        { label: '27.5 x 1.50-2.40 Schrader', mpn: '10420371', values: { 'wheel-size': '584', valve: 'Schrader' }, weightGrams: 220 },
        { label: '26 x 1.50-2.50 Presta 40 mm', mpn: '10420351', values: { 'wheel-size': '559', valve: 'Presta' }, weightGrams: 210 },
        { label: '26 x 1.50-2.50 Schrader', mpn: '10420352', values: { 'wheel-size': '559', valve: 'Schrader' }, weightGrams: 210 },
      ],
    }],
    ['Schwalbe Extralight Inner Tube 700 x 18-28c Presta 60 mm', '10400103', 690, 'Thin-wall butyl tube for race wheels, 60 mm valve for deep rims.', { weightGrams: 75, attributes: { 'wheel-size': '622', valve: 'Presta' } }],
    ['Schwalbe Aerothan Inner Tube 700 x 25-32c Presta 40 mm', '10400119', 2990, 'Thermoplastic tube, light and hard to puncture.', {
      weightGrams: 41,
      attributes: { 'wheel-size': '622', valve: 'Presta' },
      sale: { moq: 10, packSize: 10 },
    }],
  ]),
  // prettier-ignore
  ...lines('continental', 'inner-tubes', [
    ['Continental Race 28 Inner Tube 700 x 20-25c Presta 60 mm', '01819490000', 490, 'Butyl road tube with a 60 mm Presta valve.', { weightGrams: 100, attributes: { 'wheel-size': '622', valve: 'Presta' } }],
    ['Continental MTB 29 Inner Tube 29 x 1.75-2.50 Presta 42 mm', '01820970000', 550, 'Butyl tube for 29-inch mountain bikes.', { weightGrams: 230, attributes: { 'wheel-size': '622', valve: 'Presta' } }],
    ['Continental MTB 27.5 Inner Tube 27.5 x 1.75-2.50 Presta 42 mm', '01820950000', 550, 'Butyl tube for 27.5-inch mountain bikes.', { weightGrams: 220, attributes: { 'wheel-size': '584', valve: 'Presta' } }],
    ['Continental Compact 26 Inner Tube 26 x 1.75-2.50 Dunlop', '01825120000', 450, 'Butyl tube with a Dunlop (Woods) valve for city bikes.', { weightGrams: 210, attributes: { 'wheel-size': '559', valve: 'Dunlop' } }],
  ]),
];

const tubeless: PartLine[] = [
  // prettier-ignore
  ...lines('schwalbe', 'tubeless', [
    ['Schwalbe Tubeless Rim Tape, 10 m', 'TRT', 990, 'Pressure-resistant adhesive tape to seal spoke holes for tubeless.', {
      weightGrams: 40,
      variants: along('tape-width', [
        ['21 mm', '87001111', 21],
        ['23 mm', '87001112', 23],
        ['25 mm', '87001113', 25],
        ['27 mm', '87001114', 27],
        ['29 mm', '87001115', 29, 1090],
      ]),
    }],
    ['Schwalbe Tubeless Valve Presta', 'TLV', 1190, 'Aluminium valves with a removable core and a rubber base, one pair.', {
      weightGrams: 20,
      attributes: { valve: 'Presta' },
      variants: along('length-mm', [
        ['40 mm', '87001151', 40],
        ['60 mm', '87001152', 60, 1290],
      ]),
    }],
    ['Schwalbe Doc Blue Tyre Sealant, 500 ml', '87001161', 1590, 'Latex sealant that seals holes up to 6 mm.', { weightGrams: 560, sale: { moq: 12, packSize: 12 } }],
    ['Schwalbe Doc Blue Tyre Sealant, 60 ml', '87001160', 490, 'One tyre\u2019s worth of sealant, with a valve-core applicator.', { weightGrams: 75, sale: { moq: 24, packSize: 24 } }],
  ]),
  // prettier-ignore
  ...lines('continental', 'tubeless', [
    ['Continental Revo Sealant, 240 ml', '01600210000', 1290, 'Ammonia-free sealant for tubeless road and MTB tyres.', { weightGrams: 280, sale: { moq: 12, packSize: 12 } }],
  ]),
  // prettier-ignore
  ...lines('ecparts', 'tubeless', [
    ['ECParts Tubeless Plug Kit', 'TPK-01', 990, 'Insertion fork, ten sticky plugs and a valve-core tool in a saddle-bag tin.', { weightGrams: 60 }],
    ['ECParts Tubeless Valve Presta 44 mm', 'TLV-44', 690, 'Alloy valves with a conical rubber base, one pair.', { weightGrams: 18, attributes: { valve: 'Presta', 'length-mm': 44 } }],
  ]),
];

/** Spoke lengths, and the box of 100's price for each (longer costs the same). */
const lengths = (prefix: string, from: number, count: number) =>
  along(
    'length-mm',
    Array.from({ length: count }, (_, i) => {
      const mm = from + 2 * i;
      return [`x ${mm} mm`, `${prefix}-${mm}`, mm] as [string, string, number];
    }),
  );

const spokes: PartLine[] = [
  // prettier-ignore
  ...lines('sapim', 'spokes-nipples', [
    ['Sapim Race Spoke 2.0/1.8/2.0', 'RACE', 52, 'Double-butted J-bend spoke, silver, sold by the box of 100.', { weightGrams: 6, variants: lengths('RACE-S', 258, 6) }],
    ['Sapim CX-Ray Bladed Spoke', 'CXRAY', 290, 'Bladed aero spoke, black, the reference for light wheels.', { weightGrams: 4, variants: lengths('CXRAY-B', 280, 4) }],
    ['Sapim Leader Spoke 2.0 x 262 mm', 'LEADER-262', 32, 'Straight-gauge stainless spoke for everyday wheels.', { weightGrams: 7, attributes: { 'length-mm': 262 } }],
    ['Sapim Polyax Brass Nipples 14 mm', 'POLYAX-14', 18, 'Brass nipples with a rounded head that follows the spoke angle.', { weightGrams: 1, attributes: { 'length-mm': 14 } }],
    ['Sapim HM Washers (100 pcs)', 'HMW-100', 9, 'Hub flange washers for thin flanges.', { weightGrams: 1 }],
  ]),
  // prettier-ignore
  ...lines('dt-swiss', 'spokes-nipples', [
    ['DT Swiss Competition Spoke 2.0/1.8/2.0', 'SCP', 49, 'Double-butted J-bend spoke, silver, sold by the box of 100.', { weightGrams: 6, variants: lengths('SCP-S', 262, 6) }],
    ['DT Swiss Champion Spoke 2.0 x 264 mm', 'SCH-S-264', 29, 'Straight-gauge workshop staple.', { weightGrams: 7, attributes: { 'length-mm': 264 } }],
    ['DT Swiss Pro Lock Aluminium Nipples 14 mm', 'PLA-14', 39, 'Aluminium nipples with thread-locking, black.', { weightGrams: 1, attributes: { 'length-mm': 14 } }],
  ]),
];

const rear = (freehub: string[]) => ({ freehub, 'spoke-holes': '28' });

const hubs: PartLine[] = [
  // prettier-ignore
  ...lines('dt-swiss', 'hubs', [
    ['DT Swiss 350 Rear Hub 28H', 'H350R', 18990, 'Ratchet freehub with 36 teeth; freehub bodies swap without tools.', {
      weightGrams: 280,
      attributes: {
        ...rear(['Shimano HG', 'SRAM XD', 'Shimano Microspline', 'Campagnolo N3W']),
        ...cl,
      },
      variants: along('axle', [
        ['12x142', 'H350TBIR28SA1434S', '12×142'],
        ['12x148 Boost', 'H350TBIR28SA1474S', '12×148 Boost'],
        ['QR 135', 'H350TDRR28SA1435S', 'QR 135', 17990],
      ]),
    }],
    ['DT Swiss 350 Front Hub 28H', 'H350F', 8990, 'Straight-pull-free J-bend flanges, stiff and serviceable.', {
      weightGrams: 140,
      attributes: { 'spoke-holes': '28', ...cl },
      variants: along('axle', [
        ['12x100', 'H350DBIR28SA1028S', '12×100'],
        ['15x110 Boost', 'H350DBIR28SA1128S', '15×110 Boost'],
        ['QR 100', 'H350DDRR28SA1000S', 'QR 100', 8490],
      ]),
    }],
    ['DT Swiss 240 EXP Rear Hub 28H 12x142', 'H240TBIR28SA1434S', 34990, 'Ratchet EXP, lighter still, road and XC.', {
      weightGrams: 220,
      attributes: { ...rear(['Shimano HG', 'SRAM XD']), ...cl, axle: '12×142' },
    }],
    ['DT Swiss 240 EXP Front Hub 28H 12x100', 'H240DBIR28SA1028S', 15990, 'Light front hub for road and gravel.', { weightGrams: 100, attributes: { 'spoke-holes': '28', ...cl, axle: '12×100' } }],
  ]),
  // prettier-ignore
  ...lines('hope', 'hubs', [
    ['Hope Pro 5 Rear Hub 32H 12x148 Boost', 'HUB5RBOOST32', 27990, 'Six-pawl freehub, anodised in Barnoldswick.', {
      weightGrams: 300,
      attributes: {
        freehub: ['Shimano HG', 'SRAM XD', 'Shimano Microspline'],
        'spoke-holes': '32',
        ...sixBolt,
        axle: '12×148 Boost',
      },
    }],
    ['Hope Pro 5 Front Hub 32H 15x110 Boost', 'HUB5F15110B32', 11990, 'Front hub with oversized bearings.', { weightGrams: 150, attributes: { 'spoke-holes': '32', ...sixBolt, axle: '15×110 Boost' } }],
    ['Hope RS4 Rear Hub 24H 12x142 Centerlock', 'HUBRS4CL12142', 24990, 'Road disc rear hub with a four-pawl freehub.', { weightGrams: 290, attributes: { freehub: ['Shimano HG', 'SRAM XD', 'Campagnolo'], 'spoke-holes': '24', ...cl, axle: '12×142' } }],
  ]),
  // prettier-ignore
  ...lines('shimano', 'hubs', [
    ['Shimano Deore XT FH-M8110-B Rear Hub 32H 12x148 Boost', 'FH-M8110-B', 9990, 'Microspline freehub with Scylence-free direct engagement.', {
      weightGrams: 400,
      attributes: { freehub: micro, 'spoke-holes': '32', ...cl, axle: '12×148 Boost' },
    }],
    ['Shimano Deore XT HB-M8110-B Front Hub 32H 15x110 Boost', 'HB-M8110-B', 4990, 'Cup-and-cone front hub with Centerlock.', { weightGrams: 180, attributes: { 'spoke-holes': '32', ...cl, axle: '15×110 Boost' } }],
    ['Shimano 105 FH-R7070 Rear Hub 28H 12x142', 'FH-R7070', 6990, 'Road disc rear hub for 11/12-speed HG.', { weightGrams: 340, attributes: { freehub: hg, 'spoke-holes': '28', ...cl, axle: '12×142' } }],
    ['Shimano 105 HB-R7070 Front Hub 28H 12x100', 'HB-R7070', 3490, 'Road disc front hub, cup-and-cone.', { weightGrams: 160, attributes: { 'spoke-holes': '28', ...cl, axle: '12×100' } }],
    ['Shimano Deore FH-MT410-B Rear Hub 32H 12x148 Boost', 'FH-MT410-B', 4990, 'Microspline hub for Deore 12-speed.', {
      weightGrams: 450,
      attributes: { freehub: micro, 'spoke-holes': '32', ...cl, axle: '12×148 Boost' },
    }],
  ]),
];

const colourways = (prefix: string, colours: [label: string, code: string, value: string][]) =>
  along(
    'colour',
    colours.map(([label, code, value]) => [label, `${prefix}${code}`, value]),
  );

const barTape: PartLine[] = [
  // prettier-ignore
  ...lines('lizard-skins', 'bar-tape', [
    ['Lizard Skins DSP 2.5 mm Bar Tape', 'DSPCY25', 3290, 'DSP polymer tape: grip wet or dry, with a thin 2.5 mm feel.', {
      weightGrams: 90,
      variants: colourways('DSPCY25', [
        ['Jet Black', '0', 'Black'],
        ['Diamond White', '1', 'White'],
        ['Crimson Red', '2', 'Red'],
        ['Sky Blue', '3', 'Blue'],
        ['Tangerine Orange', '4', 'Orange'],
        ['Green Camo', '5', 'Green'],
      ]),
    }],
    ['Lizard Skins DSP 3.2 mm Bar Tape Jet Black', 'DSPCY320', 3490, 'Thicker DSP tape for gravel and cobbles.', { weightGrams: 105, attributes: { colour: 'Black' } }],
    ['Lizard Skins DSP 1.8 mm Bar Tape Jet Black', 'DSPCY180', 3290, 'The thinnest DSP tape for racers who want road feel.', { weightGrams: 75, attributes: { colour: 'Black' } }],
    ['Lizard Skins DSP 4.6 mm Bar Tape Jet Black', 'DSPCY460', 3690, 'The thickest DSP tape, for rough roads and long days.', { weightGrams: 130, attributes: { colour: 'Black' } }],
  ]),
  // prettier-ignore
  ...lines('ecparts', 'bar-tape', [
    ['ECParts Cork Bar Tape', 'BTC', 790, 'Cork and EVA blend with a gel strip, the workshop favourite.', {
      weightGrams: 80,
      variants: colourways('BTC-', [
        ['Black', 'BK', 'Black'],
        ['White', 'WH', 'White'],
        ['Red', 'RD', 'Red'],
        ['Blue', 'BL', 'Blue'],
      ]),
    }],
    ['ECParts Silicone Bar Tape Grey', 'BTS-GR', 1490, 'Washable silicone tape that does not stretch out of shape.', { weightGrams: 110, attributes: { colour: 'Grey' } }],
  ]),
];

const grips: PartLine[] = [
  // prettier-ignore
  ...lines('lizard-skins', 'grips', [
    ['Lizard Skins Charger Evo Lock-On Grips', 'LOCEV', 2990, 'Single-clamp lock-on grips with a tacky compound and a 32 mm body.', {
      weightGrams: 112,
      variants: colourways('LOCEV', [
        ['Jet Black', '100', 'Black'],
        ['Candy Red', '200', 'Red'],
        ['Sky Blue', '300', 'Blue'],
        ['Tangerine', '400', 'Orange'],
      ]),
    }],
    ['Lizard Skins Northshore Lock-On Grips Black', 'LONSH100', 2790, 'Thin-diameter lock-on grips for small hands and big feedback.', { weightGrams: 100, attributes: { colour: 'Black' } }],
    ['Lizard Skins Macaskill Lock-On Grips Black', 'LOMAC100', 2990, 'Danny Macaskill\u2019s half-waffle lock-on grips.', { weightGrams: 115, attributes: { colour: 'Black' } }],
  ]),
  // prettier-ignore
  ...lines('hope', 'grips', [
    ['Hope Lock-On Grips Black', 'HBGRIPBK', 3490, 'Machined collars and soft rubber, made in the UK.', { weightGrams: 120, attributes: { colour: 'Black' } }],
    ['Hope Lock-On Grips Silver', 'HBGRIPSI', 3490, 'Machined collars and soft rubber, made in the UK.', { weightGrams: 120, attributes: { colour: 'Silver' } }],
  ]),
  // prettier-ignore
  ...lines('ecparts', 'grips', [
    ['ECParts Ergo Comfort Grips Black', 'GRE-BK', 990, 'Winged ergonomic grips for city and trekking bikes.', { weightGrams: 170, attributes: { colour: 'Black' } }],
  ]),
];

const tools: PartLine[] = [
  // prettier-ignore
  ...lines('park-tool', 'drivetrain-tools', [
    ['Park Tool CC-3.2 Chain Checker', 'CC-3.2', 1190, 'Go/no-go gauge for 0.5% and 0.75% chain wear.', { weightGrams: 40 }],
    ['Park Tool CT-3.3 Chain Tool', 'CT-3.3', 3490, 'Workshop chain tool for 5- to 12-speed chains.', { weightGrams: 180 }],
    ['Park Tool CT-1.4 Professional Chain Tool', 'CT-1.4', 8990, 'Bench-mounted chain tool for high volume workshops.', { weightGrams: 500 }],
    ['Park Tool FR-5.2 Cassette Lockring Tool', 'FR-5.2', 790, 'For Shimano HG and SRAM cassettes and Centerlock rotors.', { weightGrams: 70 }],
    ['Park Tool FR-5.2GT Cassette Lockring Tool with Guide Pin', 'FR-5.2GT', 1490, 'Lockring tool with a guide pin and a 1/2" drive.', { weightGrams: 150 }],
    ['Park Tool SR-12.2 Chain Whip', 'SR-12.2', 3290, 'Chain whip for 5- to 12-speed cassettes.', { weightGrams: 400 }],
    ['Park Tool BBT-69.2 Bottom Bracket Tool', 'BBT-69.2', 2690, 'For Shimano Hollowtech II and SRAM DUB cups with 16 notches.', { weightGrams: 230 }],
    ['Park Tool BBT-47 T47 Bottom Bracket Tool', 'BBT-47', 2990, 'For T47 bottom bracket cups.', { weightGrams: 220 }],
    ['Park Tool MLP-1.2 Master Link Pliers', 'MLP-1.2', 2290, 'Opens and closes reusable master links.', { weightGrams: 140 }],
    ['Park Tool PP-1.2 Brake Piston Press', 'PP-1.2', 2190, 'Resets hydraulic disc brake pistons without scratching them.', { weightGrams: 100 }],
    ['Park Tool HCW-16.3 Chain Whip and Pedal Wrench', 'HCW-16.3', 3490, 'Chain whip with a 15 mm pedal wrench at the other end.', { weightGrams: 520 }],
    ['Park Tool DAG-2.2 Derailleur Hanger Alignment Gauge', 'DAG-2.2', 8490, 'Measures and straightens hangers for 12 mm and QR axles.', { weightGrams: 900 }],
  ]),
  // prettier-ignore
  ...lines('shimano', 'drivetrain-tools', [
    ['Shimano TL-FC32 Bottom Bracket Tool', 'TL-FC32', 1490, 'Cup tool for Hollowtech II cups, 1/2" drive.', { weightGrams: 90 }],
    ['Shimano TL-LR15 Lockring Tool', 'TL-LR15', 890, 'For HG cassettes and Centerlock rotors with an internal-serration lockring.', { weightGrams: 55 }],
    ['Shimano TL-CN28 Chain Tool', 'TL-CN28', 2490, 'Chain tool for 9- to 12-speed chains.', { weightGrams: 160 }],
  ]),
  // prettier-ignore
  ...lines('park-tool', 'wheel-tyre-tools', [
    ['Park Tool TL-1.2 Tyre Levers (Set of 3)', 'TL-1.2', 490, 'Nylon levers with a hooked end for the spoke.', { weightGrams: 40 }],
    ['Park Tool SW-7.2 Triple Spoke Wrench', 'SW-7.2', 990, '3.23, 3.30 and 3.45 mm slots in one wrench.', { weightGrams: 30 }],
    ['Park Tool TS-2.2 Professional Truing Stand', 'TS-2.2', 29990, 'The workshop truing stand for 16-inch to 29-inch wheels.', { weightGrams: 5600 }],
    ['Park Tool TM-1 Spoke Tension Meter', 'TM-1', 9990, 'Reads spoke tension for even, lasting wheels.', { weightGrams: 420 }],
    ['Park Tool VP-1 Vulcanizing Patch Kit', 'VP-1', 390, 'Six patches, glue and sandpaper.', { weightGrams: 25, sale: { moq: 24, packSize: 24 } }],
    ['Park Tool TB-2 Emergency Tyre Boot (3 pcs)', 'TB-2', 390, 'Adhesive boots for cuts in a tyre casing.', { weightGrams: 10, sale: { moq: 20, packSize: 10 } }],
  ]),
  // prettier-ignore
  ...lines('park-tool', 'hand-torque-tools', [
    ['Park Tool AWS-10 Fold-Up Hex Wrench Set', 'AWS-10', 1690, '1.5 to 6 mm hex keys on a folding body.', { weightGrams: 150 }],
    ['Park Tool HXS-1.2 Professional Hex Wrench Set', 'HXS-1.2', 4990, 'L-shaped 1.5 to 10 mm hex keys with ball ends, on a holder.', { weightGrams: 800 }],
    ['Park Tool TW-5.2 Ratcheting Click-Type Torque Wrench', 'TW-5.2', 13990, '2 to 14 Nm torque wrench with a 3/8" drive.', { weightGrams: 700 }],
    ['Park Tool TW-6.2 Ratcheting Click-Type Torque Wrench', 'TW-6.2', 14990, '10 to 60 Nm torque wrench with a 3/8" drive.', { weightGrams: 900 }],
    ['Park Tool CN-10 Professional Cable and Housing Cutter', 'CN-10', 3990, 'Cuts inner cables and housing cleanly, with a crimper.', { weightGrams: 270 }],
    ['Park Tool PW-5 Home Mechanic Pedal Wrench', 'PW-5', 2290, '15 mm pedal wrench with a long handle.', { weightGrams: 400 }],
    ['Park Tool PCS-10.3 Deluxe Home Mechanic Repair Stand', 'PCS-10.3', 27990, 'Folding repair stand with a micro-adjust clamp.', { weightGrams: 7300 }],
  ]),
  // prettier-ignore
  ...lines('ecparts', 'wheel-tyre-tools', [
    ['ECParts Tubeless Valve Core Remover', 'VCR-01', 290, 'Two-ended tool for Presta and Schrader valve cores.', { weightGrams: 12, sale: { moq: 20, packSize: 10 } }],
    ['ECParts Rotor Truing Fork', 'RTF-01', 890, 'Slotted steel fork that straightens bent disc rotors.', { weightGrams: 70 }],
  ]),
  // prettier-ignore
  ...lines('ecparts', 'drivetrain-tools', [
    ['ECParts Hydraulic Bleed Kit for Shimano', 'BK-SH', 2490, 'Funnel, syringe, hose and stopper for Shimano mineral oil brakes.', { weightGrams: 220 }],
    ['ECParts Hydraulic Bleed Kit for SRAM', 'BK-SR', 2790, 'Two syringes, fittings and a bleed block for SRAM DOT brakes.', { weightGrams: 240 }],
  ]),
  // prettier-ignore
  ...lines('ecparts', 'hand-torque-tools', [
    ['ECParts Cone Wrench Set 13-18 mm', 'CWS-4', 1690, 'Four double-ended 2 mm cone wrenches for cup-and-cone hubs.', { weightGrams: 320 }],
    ['ECParts Y-Hex Wrench 4/5/6 mm', 'YHX-456', 790, 'Three-way hex wrench for quick workshop jobs.', { weightGrams: 110 }],
  ]),
];

export const partLines: PartLine[] = [
  ...chains,
  ...cassettes,
  ...chainrings,
  ...bottomBrackets,
  ...rearDerailleurs,
  ...derailleurHangers,
  ...shifters,
  ...cables,
  ...rotors,
  ...pads,
  ...discBrakes,
  ...roadTyres,
  ...gravelTyres,
  ...mtbTyres,
  ...tubes,
  ...tubeless,
  ...spokes,
  ...hubs,
  ...barTape,
  ...grips,
  ...tools,
];

/**
 * The spec's demo products (seed-data.ts), filed: brand, category, MPN and attributes. Their
 * names, copy, prices and stock stay as the spec has them.
 */
export const demoFiling: Record<
  string,
  { brand: string; category: string; mpn: string; attributes?: ProductAttributes }
> = {
  'ECP-PCW-01': { brand: 'ecparts', category: 'drivetrain-tools', mpn: 'PCW-01' },
  'ECP-CLT-01': { brand: 'ecparts', category: 'drivetrain-tools', mpn: 'CLT-01' },
  'ECP-CWC-01': { brand: 'ecparts', category: 'drivetrain-tools', mpn: 'CWC-01' },
  'ECP-CH11-01': {
    brand: 'ecparts',
    category: 'chains',
    mpn: 'CH11-01',
    attributes: { speeds: '11', links: 116 },
  },
  'ECP-DBP-01': {
    brand: 'ecparts',
    category: 'disc-brake-pads',
    mpn: 'DBP-01',
    attributes: { 'pad-compound': 'Semi-metallic' },
  },
  'ECP-NTL-03': { brand: 'ecparts', category: 'wheel-tyre-tools', mpn: 'NTL-03' },
  'ECP-FSW-01': { brand: 'ecparts', category: 'wheel-tyre-tools', mpn: 'FSW-01' },
  'ECP-BBW-01': { brand: 'ecparts', category: 'drivetrain-tools', mpn: 'BBW-01' },
  'ECP-TW24-01': { brand: 'ecparts', category: 'hand-torque-tools', mpn: 'TW24-01' },
  'ECP-HKS-09': { brand: 'ecparts', category: 'hand-torque-tools', mpn: 'HKS-09' },
  'ECP-CHC-01': { brand: 'ecparts', category: 'hand-torque-tools', mpn: 'CHC-01' },
  'ECP-IT700-25': {
    brand: 'ecparts',
    category: 'inner-tubes',
    mpn: 'IT700-25',
    attributes: { 'wheel-size': '622', valve: 'Presta' },
  },
  'ECP-RDH-01': {
    brand: 'ecparts',
    category: 'derailleur-hangers',
    mpn: 'RDH-01',
    attributes: { axle: '12×142' },
  },
  'ECP-PW15-01': { brand: 'ecparts', category: 'hand-torque-tools', mpn: 'PW15-01' },
  'ECP-SPK-262': {
    brand: 'ecparts',
    category: 'spokes-nipples',
    mpn: 'SPK-262',
    attributes: { 'length-mm': 262 },
  },
};
