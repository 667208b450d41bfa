import { brandsBySlug, categoriesBySlug, demoCatalogue } from './demo-catalogue/catalogue.ts';
import type { PartShape } from './demo-catalogue/categories.ts';

// The demo catalogue's pictures: one SVG per part, drawn from what it is (a shape and colour per
// category, the colour of the part where it has one) and who makes it (the brand's name on a
// tag in the brand's colour). Drawn on request from the part's key, no files and no network.

const BACKGROUND = '#f1f5f9';

/** A part's own colour, where it has one (bar tape, housing, grips), as it is drawn. */
const colours: Record<string, string> = {
  Black: '#111827',
  White: '#f8fafc',
  Grey: '#6b7280',
  Silver: '#cbd5e1',
  Red: '#dc2626',
  Blue: '#2563eb',
  Green: '#16a34a',
  Orange: '#f97316',
  Gold: '#ca8a04',
};

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** Points around a circle: [x, y] for n evenly spaced angles. */
const around = (n: number, r: number, cx = 200, cy = 140, turn = 0) =>
  Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n + turn;
    return [Math.round(cx + r * Math.cos(a)), Math.round(cy + r * Math.sin(a))] as const;
  });

const ring = (r: number, colour: string, width: number, dash = '') =>
  `<circle cx="200" cy="140" r="${r}" fill="none" stroke="${colour}" stroke-width="${width}"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`;

const holes = (n: number, r: number, size: number, fill: string) =>
  around(n, r)
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${size}" fill="${fill}"/>`)
    .join('');

const drawings: Record<PartShape, (c: string, bg: string) => string> = {
  chain: (c) =>
    `<path d="M40 190C110 70 190 230 360 100" fill="none" stroke="${c}" stroke-width="30" stroke-linecap="round"/>` +
    `<path d="M40 190C110 70 190 230 360 100" fill="none" stroke="#cbd5e1" stroke-width="9" stroke-linecap="round" stroke-dasharray="0 20"/>`,
  cassette: (c) =>
    [104, 90, 76, 62, 48].map((r) => ring(r, c, 10, '5 3')).join('') +
    `<circle cx="200" cy="140" r="30" fill="#e2e8f0"/>` +
    holes(12, 30, 3, c),
  chainring: (c, bg) =>
    ring(100, c, 18, '7 5') +
    ring(86, c, 14) +
    around(4, 60, 200, 140, Math.PI / 4)
      .map(
        ([x, y]) => `<line x1="200" y1="140" x2="${x}" y2="${y}" stroke="${c}" stroke-width="22"/>`,
      )
      .join('') +
    holes(4, 80, 6, '#e2e8f0') +
    `<circle cx="200" cy="140" r="34" fill="${c}"/><circle cx="200" cy="140" r="18" fill="${bg}"/>`,
  'bottom-bracket': (c, bg) =>
    `<rect x="150" y="124" width="100" height="32" rx="6" fill="#cbd5e1"/>` +
    [80, 250]
      .map(
        (x) =>
          `<rect x="${x}" y="92" width="70" height="96" rx="12" fill="${c}"/>` +
          [108, 124, 140, 156, 172]
            .map(
              (y) => `<rect x="${x}" y="${y}" width="70" height="5" fill="${bg}" opacity=".35"/>`,
            )
            .join(''),
      )
      .join(''),
  derailleur: (c) =>
    `<path d="M120 60h90l30 60h-90z" fill="${c}"/>` +
    `<rect x="170" y="110" width="60" height="150" rx="26" fill="${c}" opacity=".85"/>` +
    [145, 225]
      .map(
        (y) =>
          `<circle cx="200" cy="${y}" r="24" fill="#e2e8f0" stroke="${c}" stroke-width="6" stroke-dasharray="4 3"/>` +
          `<circle cx="200" cy="${y}" r="6" fill="${c}"/>`,
      )
      .join(''),
  hanger: (c, bg) =>
    `<path d="M120 80h110l50 60-30 80h-70l-60-60z" fill="${c}"/>` +
    `<circle cx="170" cy="130" r="18" fill="${bg}"/><circle cx="235" cy="190" r="12" fill="${bg}"/>`,
  shifter: (c) =>
    `<circle cx="130" cy="120" r="34" fill="none" stroke="${c}" stroke-width="14"/>` +
    `<rect x="150" y="95" width="130" height="60" rx="20" fill="${c}"/>` +
    `<path d="M250 150l60 80" stroke="${c}" stroke-width="18" stroke-linecap="round"/>` +
    `<rect x="180" y="110" width="60" height="12" rx="6" fill="#94a3b8"/>`,
  cable: (c) =>
    [92, 78, 64, 50, 36].map((r) => ring(r, c, 7)).join('') +
    `<path d="M292 140h80" stroke="${c}" stroke-width="7" stroke-linecap="round"/>` +
    `<path d="M372 140h12" stroke="#cbd5e1" stroke-width="4"/>`,
  rotor: (c, bg) =>
    `<circle cx="200" cy="140" r="104" fill="${c}"/>` +
    holes(18, 82, 6, bg) +
    holes(9, 58, 11, bg) +
    `<circle cx="200" cy="140" r="36" fill="#475569"/><circle cx="200" cy="140" r="14" fill="${bg}"/>`,
  pads: (c) =>
    [130, 230]
      .map(
        (x) =>
          `<rect x="${x - 40}" y="80" width="90" height="120" rx="24" fill="#94a3b8"/>` +
          `<rect x="${x - 28}" y="96" width="66" height="88" rx="18" fill="${c}"/>` +
          `<circle cx="${x + 5}" cy="72" r="10" fill="none" stroke="#94a3b8" stroke-width="6"/>`,
      )
      .join(''),
  caliper: (c, bg) =>
    `<path d="M100 90h200a30 30 0 0 1 30 30v40a30 30 0 0 1-30 30H100a30 30 0 0 1-30-30v-40a30 30 0 0 1 30-30z" fill="${c}"/>` +
    `<rect x="90" y="134" width="220" height="12" rx="6" fill="${bg}"/>` +
    `<circle cx="120" cy="112" r="9" fill="#cbd5e1"/><circle cx="280" cy="112" r="9" fill="#cbd5e1"/>`,
  tyre: (c) =>
    ring(104, c, 34) + ring(124, c, 8, '10 7') + ring(80, '#cbd5e1', 6) + ring(30, '#94a3b8', 8),
  tube: (c) =>
    ring(96, c, 16) +
    `<rect x="192" y="20" width="16" height="30" rx="4" fill="#94a3b8"/><rect x="196" y="8" width="8" height="14" fill="#64748b"/>`,
  tape: (c) =>
    ring(82, c, 30) +
    ring(52, '#e2e8f0', 14) +
    `<path d="M282 140h70" stroke="${c}" stroke-width="30"/>`,
  spokes: (c) =>
    Array.from({ length: 9 }, (_, i) => {
      const y = 70 + i * 18;
      return (
        `<path d="M70 ${y + 20}L330 ${y}" stroke="${c}" stroke-width="5" stroke-linecap="round"/>` +
        `<rect x="326" y="${y - 5}" width="16" height="10" rx="3" fill="#ca8a04"/>`
      );
    }).join(''),
  hub: (c, bg) =>
    `<rect x="110" y="118" width="180" height="44" rx="20" fill="${c}"/>` +
    [135, 265]
      .map(
        (x) =>
          `<ellipse cx="${x}" cy="140" rx="16" ry="72" fill="${c}"/>` +
          [88, 110, 132, 154, 176, 194]
            .map((y) => `<circle cx="${x}" cy="${y - 2}" r="4" fill="${bg}"/>`)
            .join(''),
      )
      .join('') +
    `<rect x="70" y="130" width="260" height="20" rx="6" fill="#94a3b8" opacity=".6"/>`,
  'bar-tape': (c, bg) =>
    `<circle cx="160" cy="140" r="76" fill="${c}"/>` +
    [60, 44, 28]
      .map(
        (r) =>
          `<circle cx="160" cy="140" r="${r}" fill="none" stroke="#000" stroke-opacity=".18" stroke-width="3"/>`,
      )
      .join('') +
    `<circle cx="160" cy="140" r="16" fill="${bg}"/>` +
    `<path d="M160 64h150l20 30-20 30H230" fill="${c}"/>`,
  grips: (c) =>
    [110, 180]
      .map(
        (y) =>
          `<rect x="80" y="${y - 24}" width="210" height="48" rx="24" fill="${c}"/>` +
          `<rect x="290" y="${y - 28}" width="24" height="56" rx="6" fill="#94a3b8"/>` +
          [110, 140, 170, 200, 230, 260]
            .map(
              (x) =>
                `<rect x="${x}" y="${y - 24}" width="6" height="48" fill="#000" opacity=".15"/>`,
            )
            .join(''),
      )
      .join(''),
  tool: (c, bg) =>
    `<g transform="rotate(-30 200 140)">` +
    `<rect x="90" y="126" width="200" height="28" rx="14" fill="${c}"/>` +
    `<path d="M290 100a44 44 0 1 1 0 80v-24h26v-32h-26z" fill="#475569"/>` +
    `<circle cx="105" cy="140" r="7" fill="${bg}"/></g>`,
};

const drawn = new Map<string, string>();
let keys: Map<string, ReturnType<typeof demoCatalogue>['parts'][number]> | undefined;

/** The picture of the demo part whose image key this is, or undefined for any other key. */
export function partImage(key: string): string | undefined {
  const cached = drawn.get(key);
  if (cached !== undefined) return cached;
  keys ??= new Map(demoCatalogue().parts.map((p) => [p.key, p]));
  const part = keys.get(key);
  if (!part) return undefined;
  const category = categoriesBySlug.get(part.category);
  const brand = brandsBySlug.get(part.brand);
  if (!category?.shape || !brand) return undefined;
  const own = part.attributes.colour;
  const colour = (typeof own === 'string' && colours[own]) || category.colour || '#475569';
  // A white part is shown on grey, as a photo of it would be.
  const bg = colour === colours.White ? '#94a3b8' : BACKGROUND;
  const tagWidth = 28 + brand.name.length * 11;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img">` +
    `<title>${escapeXml(part.name)}</title>` +
    `<rect width="400" height="300" fill="${bg}"/>` +
    `<ellipse cx="200" cy="266" rx="150" ry="12" fill="#000" opacity=".08"/>` +
    drawings[category.shape](colour, bg) +
    `<rect x="${392 - tagWidth}" y="250" width="${tagWidth}" height="36" rx="18" fill="${brand.colour}"/>` +
    `<text x="${392 - tagWidth / 2}" y="274" fill="#fff" font-family="system-ui, sans-serif" font-size="18" font-weight="700" text-anchor="middle">${escapeXml(brand.name)}</text>` +
    `</svg>`;
  drawn.set(key, svg);
  return svg;
}
