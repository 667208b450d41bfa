import { along, lines, type PartLine, type PartVariant } from './part-line.ts';

// The demo catalogue's tyres, tubes and tubeless parts.

const tyre = (wheelSize: string, width: number, tubeless: boolean) => ({
  'wheel-size': wheelSize,
  width,
  tubeless,
});

export const roadTyres: PartLine[] = [
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

export const gravelTyres: PartLine[] = [
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

export const mtbTyres: PartLine[] = [
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

export const tubes: PartLine[] = [
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

export const tubeless: PartLine[] = [
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
