import { along, lines, type PartLine } from './part-line.ts';

// The demo catalogue's derailleurs, hangers, shifters and cables.

export const rearDerailleurs: PartLine[] = [
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

export const derailleurHangers: PartLine[] = [
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

export const shifters: PartLine[] = [
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

export const cables: PartLine[] = [
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
