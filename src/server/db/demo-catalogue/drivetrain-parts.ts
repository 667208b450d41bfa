import { along, lines, type PartLine } from './part-line.ts';

// The demo catalogue's chains, cassettes, chainrings and bottom brackets.

export const chains: PartLine[] = [
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

export const hg = ['Shimano HG'];
export const micro = ['Shimano Microspline'];
const xd = ['SRAM XD'];

export const cassettes: PartLine[] = [
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

export const chainrings: PartLine[] = [
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

export const bottomBrackets: PartLine[] = [
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
