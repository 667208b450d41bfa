import { along, lines, type PartLine } from './part-line.ts';

// The demo catalogue's rotors, pads and disc brakes.

export const cl = { 'rotor-mount': 'Centerlock' };
export const sixBolt = { 'rotor-mount': '6-bolt' };

export const rotors: PartLine[] = [
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

export const pads: PartLine[] = [
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

export const discBrakes: PartLine[] = [
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
