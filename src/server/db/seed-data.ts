import type { TierCents } from '../../contract/price-ladder.ts';

/**
 * A demo product. `priceCents` is its first tier's price; tools sell by the piece from 10 (the
 * spec's minimum), small parts in packs of 5, 10 or 25, spokes by the bag of 36.
 */
export type SeedProduct = {
  key: string;
  sku: string;
  name: string;
  description: string;
  priceCents: number;
  moq: number;
  packSize: number;
  tiers: TierCents[];
  stock: number;
  image: string;
  /** One piece, packed: the cart's weight picks the shipping band. */
  weightGrams: number;
};

/** A ladder written as [from quantity, unit cents] pairs. */
const ladder = (...tiers: [number, number][]): TierCents[] =>
  tiers.map(([minQuantity, priceCents]) => ({ minQuantity, priceCents }));

export const seedProducts: SeedProduct[] = [
  {
    key: 'chain-whip',
    sku: 'ECP-PCW-01',
    name: 'Pro Chain Whip',
    description:
      'Heat-treated steel chain whip with a 1/2" x 1/8" chain section, fits 7- to 12-speed cassettes. Cushioned PVC grip and a hanging hole for the workshop wall.',
    priceCents: 1450,
    moq: 10,
    packSize: 1,
    tiers: ladder([10, 1450], [50, 1350], [100, 1250]),
    stock: 820,
    image: '/images/products/chain-whip.svg',
    weightGrams: 350,
  },
  {
    key: 'cassette-lockring-tool',
    sku: 'ECP-CLT-01',
    name: 'Cassette Lockring Tool',
    description:
      'Chrome-vanadium 12-spline lockring socket for Shimano HG and SRAM cassettes and Centerlock rotors. Hollow core clears 12 mm thru-axle guide pins.',
    priceCents: 690,
    moq: 10,
    packSize: 5,
    tiers: ladder([10, 690], [50, 640], [200, 590]),
    stock: 1500,
    image: '/images/products/cassette-lockring-tool.svg',
    weightGrams: 60,
  },
  {
    key: 'chain-checker',
    sku: 'ECP-CWC-01',
    name: 'Chain Wear Checker',
    description:
      'Laser-cut stainless steel gauge with 0.5% and 0.75% wear tabs for 1/2" pitch chains. Works on 6- to 12-speed chains and slips into any apron pocket.',
    priceCents: 420,
    moq: 10,
    packSize: 10,
    tiers: ladder([10, 420], [50, 390], [200, 350], [500, 320]),
    stock: 2400,
    image: '/images/products/chain-checker.svg',
    weightGrams: 30,
  },
  {
    key: 'chain-11-speed',
    sku: 'ECP-CH11-01',
    name: '11-Speed Road/MTB Chain',
    description:
      '116-link, 5.5 mm nickel-plated chain with hollow pins and a reusable quick link. Compatible with Shimano, SRAM and Campagnolo 11-speed drivetrains.',
    priceCents: 1890,
    moq: 10,
    packSize: 1,
    tiers: ladder([10, 1890], [50, 1750], [100, 1640]),
    stock: 3200,
    image: '/images/products/chain-11-speed.svg',
    weightGrams: 260,
  },
  {
    key: 'disc-brake-pads',
    sku: 'ECP-DBP-01',
    name: 'Semi-Metallic Disc Brake Pads',
    description:
      'Copper-free semi-metallic compound on a steel backplate with spring clip, one pair per box. Fits calipers that take Shimano B01S/B05S pads.',
    priceCents: 540,
    moq: 10,
    packSize: 10,
    tiers: ladder([10, 540], [100, 490], [500, 440]),
    stock: 4600,
    image: '/images/products/disc-brake-pads.svg',
    weightGrams: 45,
  },
  {
    key: 'tyre-levers',
    sku: 'ECP-NTL-03',
    name: 'Nylon Tyre Levers (Set of 3)',
    description:
      'Glass-fibre reinforced nylon levers with a hooked end that clips to the spoke. Smooth tips will not scratch carbon or alloy rims, including tubeless ready.',
    priceCents: 210,
    moq: 10,
    packSize: 10,
    tiers: ladder([10, 210], [100, 185], [500, 160]),
    stock: 5000,
    image: '/images/products/tyre-levers.svg',
    weightGrams: 60,
  },
  {
    key: 'spoke-wrench',
    sku: 'ECP-FSW-01',
    name: 'Four-Sided Spoke Wrench',
    description:
      'Steel spoke key with 3.2, 3.3, 3.45 and 3.96 mm slots covering DT Swiss, Sapim and Mavic nipples. Four-sided grip prevents rounding during truing.',
    priceCents: 380,
    moq: 10,
    packSize: 5,
    tiers: ladder([10, 380], [50, 340], [250, 295]),
    stock: 1900,
    image: '/images/products/spoke-wrench.svg',
    weightGrams: 40,
  },
  {
    key: 'bottom-bracket-tool',
    sku: 'ECP-BBW-01',
    name: 'External BB Cup Wrench',
    description:
      '16-notch steel cup wrench for Hollowtech II and SRAM DUB external bearing cups, with 3/8" drive socket and an integrated crank preload cap tool.',
    priceCents: 1290,
    moq: 10,
    packSize: 1,
    tiers: ladder([10, 1290], [50, 1190]),
    stock: 740,
    image: '/images/products/bottom-bracket-tool.svg',
    weightGrams: 280,
  },
  {
    key: 'torque-wrench',
    sku: 'ECP-TW24-01',
    name: '1/4" Torque Wrench 2-24 Nm',
    description:
      'Click-type 1/4" drive torque wrench, 2-24 Nm, calibrated to ±4% with certificate. Includes 3-8 mm hex and T25 bits in a moulded storage case.',
    priceCents: 6900,
    moq: 10,
    packSize: 1,
    tiers: ladder([10, 6900], [50, 6450]),
    stock: 260,
    image: '/images/products/torque-wrench.svg',
    weightGrams: 650,
  },
  {
    key: 'hex-key-set',
    sku: 'ECP-HKS-09',
    name: 'Ball-End Hex Key Set (9 pcs)',
    description:
      'S2 steel L-keys from 1.5 to 10 mm with ball ends for angled access and a satin chrome finish. Colour-coded holder makes empty slots easy to spot.',
    priceCents: 1150,
    moq: 10,
    packSize: 1,
    tiers: ladder([10, 1150], [50, 1050], [200, 950]),
    stock: 1100,
    image: '/images/products/hex-key-set.svg',
    weightGrams: 450,
  },
  {
    key: 'cable-cutter',
    sku: 'ECP-CHC-01',
    name: 'Cable & Housing Cutter',
    description:
      'Forged steel jaws cut 1.1-1.8 mm inner cables and 4-5 mm brake or shift housing cleanly without crushing. Built-in crimper for cable end caps.',
    priceCents: 2250,
    moq: 10,
    packSize: 1,
    tiers: ladder([10, 2250], [50, 2090]),
    stock: 540,
    image: '/images/products/cable-cutter.svg',
    weightGrams: 300,
  },
  {
    key: 'inner-tube-700c',
    sku: 'ECP-IT700-25',
    name: 'Inner Tube 700x25-32c Presta',
    description:
      'Butyl inner tube for 700c road and gravel tyres from 25 to 32 mm wide, with a 48 mm removable-core Presta valve. Individually boxed for retail.',
    priceCents: 290,
    moq: 50,
    packSize: 25,
    tiers: ladder([50, 290], [200, 260], [1000, 230]),
    stock: 4800,
    image: '/images/products/inner-tube-700c.svg',
    weightGrams: 110,
  },
  {
    key: 'derailleur-hanger',
    sku: 'ECP-RDH-01',
    name: 'Replaceable Derailleur Hanger',
    description:
      'CNC-machined 6061-T6 aluminium hanger with mounting bolts, designed to bend and protect the frame. UDH pattern for 12 mm thru-axle frames.',
    priceCents: 990,
    moq: 10,
    packSize: 5,
    tiers: ladder([10, 990], [50, 890], [200, 790]),
    stock: 1300,
    image: '/images/products/derailleur-hanger.svg',
    weightGrams: 30,
  },
  {
    key: 'pedal-wrench',
    sku: 'ECP-PW15-01',
    name: '15 mm Pedal Wrench',
    description:
      'Extra-long 35 cm chrome-vanadium pedal wrench with thin 15 mm jaws at two angles and a 6/8 mm hex end, for stubborn pedals on any crank arm.',
    priceCents: 1690,
    moq: 10,
    packSize: 1,
    tiers: ladder([10, 1690], [50, 1550]),
    stock: 620,
    image: '/images/products/pedal-wrench.svg',
    weightGrams: 420,
  },
  {
    key: 'spokes-262',
    sku: 'ECP-SPK-262',
    name: 'Stainless Steel Spoke 2.0 x 262 mm',
    description:
      'Straight-gauge 2.0 mm stainless J-bend spoke with rolled threads and a brass nipple, sold in bags of 36. Enough for one 36-hole wheel per bag.',
    priceCents: 45,
    moq: 36,
    packSize: 36,
    tiers: ladder([36, 45], [144, 39], [720, 33]),
    stock: 3600,
    image: '/images/products/spokes-262.svg',
    weightGrams: 7,
  },
];
