// The demo catalogue's category tree: what each category's parts look like and how they are sold.

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
