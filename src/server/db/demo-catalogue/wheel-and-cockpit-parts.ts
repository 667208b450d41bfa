import { cl, sixBolt } from './brake-parts.ts';
import { hg, micro } from './drivetrain-parts.ts';
import { along, lines, type PartLine } from './part-line.ts';

// The demo catalogue's spokes, hubs, bar tape, grips and workshop tools.

const lengths = (prefix: string, from: number, count: number) =>
  along(
    'length-mm',
    Array.from({ length: count }, (_, i) => {
      const mm = from + 2 * i;
      return [`x ${mm} mm`, `${prefix}-${mm}`, mm] as [string, string, number];
    }),
  );

export const spokes: PartLine[] = [
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

export const hubs: PartLine[] = [
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

export const barTape: PartLine[] = [
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

export const grips: PartLine[] = [
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

export const tools: PartLine[] = [
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
