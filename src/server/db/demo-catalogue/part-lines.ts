import type { ProductAttributes } from '../../../contract/taxonomy.ts';
import { discBrakes, pads, rotors } from './brake-parts.ts';
import { bottomBrackets, cassettes, chainrings, chains } from './drivetrain-parts.ts';
import type { PartLine } from './part-line.ts';
import { cables, derailleurHangers, rearDerailleurs, shifters } from './shifting-parts.ts';
import { gravelTyres, mtbTyres, roadTyres, tubeless, tubes } from './tyre-parts.ts';
import { barTape, grips, hubs, spokes, tools } from './wheel-and-cockpit-parts.ts';

// Every part line of the demo catalogue, and the filing of the spec's own products. With the
// brands, categories and attributes beside it, seed-catalogue.ts turns them into rows (SKUs,
// GTINs, ladders, stock) and seed-catalogue-images.ts into pictures.

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
