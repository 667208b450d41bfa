// The demo wholesaler's brands.

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
