// A wholesaler's catalogue at scale for bench/catalog.ts (issue 32): 300 categories three levels
// deep, 400 brands, 40 attributes attached to categories (enum, multi-valued enum, number,
// boolean), 10,000 families of 2 to 6 variants and 100,000 parts in all, written straight into
// the database in a few statements. Deterministic: the same rows every time, on both databases
// (ids are md5s of names, values come from an integer hash, not from random()).
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../src/server/db/client.ts';
import { rawRows } from '../../src/server/db/raw-rows.ts';

/** Top categories, each with four below it whose parts share a noun ("chain"). */
const TREE: [string, [string, string][]][] = [
  [
    'Drivetrain',
    [
      ['Chains', 'chain'],
      ['Cassettes', 'cassette'],
      ['Chainrings', 'chainring'],
      ['Derailleurs', 'derailleur'],
    ],
  ],
  [
    'Brakes',
    [
      ['Brake pads', 'brake pads'],
      ['Disc rotors', 'disc rotor'],
      ['Brake calipers', 'brake caliper'],
      ['Brake levers', 'brake lever'],
    ],
  ],
  [
    'Wheels',
    [
      ['Wheelsets', 'wheelset'],
      ['Hubs', 'hub'],
      ['Rims', 'rim'],
      ['Spokes', 'spoke set'],
    ],
  ],
  [
    'Tyres and tubes',
    [
      ['Tyres', 'tyre'],
      ['Inner tubes', 'inner tube'],
      ['Tubeless valves', 'tubeless valve'],
      ['Rim tapes', 'rim tape'],
    ],
  ],
  [
    'Cockpit',
    [
      ['Handlebars', 'handlebar'],
      ['Stems', 'stem'],
      ['Bar tapes', 'bar tape'],
      ['Grips', 'grips'],
    ],
  ],
  [
    'Seating',
    [
      ['Saddles', 'saddle'],
      ['Seatposts', 'seatpost'],
      ['Seat clamps', 'seat clamp'],
      ['Dropper levers', 'dropper lever'],
    ],
  ],
  [
    'Pedals and cranks',
    [
      ['Pedals', 'pedals'],
      ['Cranksets', 'crankset'],
      ['Bottom brackets', 'bottom bracket'],
      ['Cleats', 'cleats'],
    ],
  ],
  [
    'Suspension',
    [
      ['Suspension forks', 'suspension fork'],
      ['Rear shocks', 'rear shock'],
      ['Service kits', 'service kit'],
      ['Headsets', 'headset'],
    ],
  ],
  [
    'Cables',
    [
      ['Brake cables', 'brake cable'],
      ['Shift cables', 'shift cable'],
      ['Cable housings', 'cable housing'],
      ['Ferrules', 'ferrules'],
    ],
  ],
  [
    'Workshop tools',
    [
      ['Chain tools', 'chain tool'],
      ['Torque wrenches', 'torque wrench'],
      ['Bottom bracket tools', 'bottom bracket tool'],
      ['Hex key sets', 'hex key set'],
    ],
  ],
  [
    'Lights',
    [
      ['Front lights', 'front light'],
      ['Rear lights', 'rear light'],
      ['Dynamo lights', 'dynamo light'],
      ['Light mounts', 'light mount'],
    ],
  ],
  [
    'Maintenance',
    [
      ['Chain lubes', 'chain lube'],
      ['Degreasers', 'degreaser'],
      ['Greases', 'grease'],
      ['Tyre sealants', 'tyre sealant'],
    ],
  ],
];
/** The five leaves under each of the 48 middle categories: "Road chains", "MTB chains", … */
const RIDING = ['Road', 'MTB', 'Gravel', 'E-bike', 'City'];

// Real names first (most parts are theirs), then made-up ones up to 400.
const REAL_BRANDS = [
  'Shimano',
  'SRAM',
  'Campagnolo',
  'KMC',
  'Continental',
  'Schwalbe',
  'Maxxis',
  'Michelin',
  'Vittoria',
  'DT Swiss',
  'Mavic',
  'Hope',
  'Magura',
  'Tektro',
  'TRP',
  'FSA',
  'Race Face',
  'Park Tool',
  'Topeak',
  'Lezyne',
  'Fox',
  'RockShox',
  'Ritchey',
  'Selle Italia',
  'Brooks',
  'Crankbrothers',
  'Look',
  'Knog',
  'Busch und Mueller',
  'Muc-Off',
  'Finish Line',
  'Stans NoTubes',
  'Wolf Tooth',
  'Cane Creek',
  'Chris King',
  'Hayes',
  'Rotor',
  'Praxis',
  'Ergon',
  'Lizard Skins',
];
const SYLLABLES_A = ['Vel', 'Cran', 'Tor', 'Spro', 'Kad', 'Rox', 'Ald', 'Bren', 'Fal', 'Gir'];
const SYLLABLES_B = ['o', 'a', 'i', 'e', 'u', 'ar', 'or', 'en', 'ix', 'on'];
const SYLLABLES_C = ['tek', 'lo', 'vix', 'mar', 'dyn', 'sport', 'ride', 'line', 'tec', 'works'];

const SERIES = [
  'Pro',
  'Race',
  'Comp',
  'Sport',
  'Elite',
  'Team',
  'Expert',
  'Trail',
  'Tour',
  'Endurance',
  'Enduro',
  'Aero',
  'Classic',
  'Urban',
  'Cargo',
  'Light',
  'Heavy Duty',
  'Carbon',
  'Alloy',
  'Performance',
];

type AttributeDef = {
  key: string;
  label: string;
  type: 'enum' | 'number' | 'boolean';
  unit?: string;
  multi?: boolean;
  values: string[];
  /** Where it is attached: category names (its parts and everything below inherit it). */
  on: string[];
};

const NUMBERS = (...values: number[]) => values.map(String);
const YES_NO = ['true', 'false'];

/** 40 attributes. The first of a middle category's own that has 6 values or more is its families' axis. */
const ATTRIBUTES: AttributeDef[] = [
  {
    key: 'speeds',
    label: 'Speeds',
    type: 'enum',
    values: ['9', '10', '11', '12'],
    on: ['Chains', 'Cassettes', 'Chainrings', 'Derailleurs', 'Shift cables'],
  },
  {
    key: 'links',
    label: 'Links',
    type: 'number',
    values: NUMBERS(108, 110, 112, 114, 116, 118, 120, 126),
    on: ['Chains'],
  },
  {
    key: 'freehub',
    label: 'Freehub body',
    type: 'enum',
    multi: true,
    values: ['Shimano HG', 'SRAM XD', 'Shimano Microspline', 'Campagnolo N3W', 'SRAM XDR'],
    on: ['Cassettes', 'Hubs', 'Wheelsets'],
  },
  {
    key: 'cassette-range',
    label: 'Range',
    type: 'enum',
    values: ['11-28', '11-30', '11-32', '11-34', '10-42', '10-50', '10-52'],
    on: ['Cassettes'],
  },
  {
    key: 'teeth',
    label: 'Teeth',
    type: 'number',
    values: NUMBERS(30, 32, 34, 36, 38, 40, 42, 46, 50, 52),
    on: ['Chainrings'],
  },
  {
    key: 'groupset',
    label: 'Fits groupset',
    type: 'enum',
    multi: true,
    values: ['Shimano 11s road', 'Shimano 12s MTB', 'SRAM AXS', 'SRAM Eagle', 'Campagnolo 12s'],
    on: ['Derailleurs', 'Brake levers', 'Shift cables'],
  },
  {
    key: 'pad-compound',
    label: 'Pad compound',
    type: 'enum',
    values: ['resin', 'sintered', 'semi-metallic', 'ceramic'],
    on: ['Brake pads'],
  },
  {
    key: 'rotor-size',
    label: 'Rotor size',
    type: 'number',
    unit: 'mm',
    values: NUMBERS(140, 160, 180, 200, 203, 220),
    on: ['Disc rotors'],
  },
  {
    key: 'rotor-mount',
    label: 'Rotor mount',
    type: 'enum',
    values: ['6-bolt', 'Center Lock'],
    on: ['Disc rotors', 'Hubs'],
  },
  {
    key: 'brake-mount',
    label: 'Brake mount',
    type: 'enum',
    values: ['flat mount', 'post mount', 'IS'],
    on: ['Brake calipers', 'Brake pads'],
  },
  {
    key: 'wheel-size',
    label: 'Wheel size',
    type: 'enum',
    values: ['622', '584', '559', '406'],
    on: ['Wheels', 'Tyres and tubes'],
  },
  {
    key: 'axle',
    label: 'Axle',
    type: 'enum',
    values: ['12x142', '12x148 Boost', 'QR 135', '15x110', '12x100'],
    on: ['Wheelsets', 'Hubs', 'Suspension forks'],
  },
  {
    key: 'spokes',
    label: 'Spoke count',
    type: 'number',
    values: NUMBERS(20, 24, 28, 32, 36, 40),
    on: ['Wheelsets', 'Hubs', 'Rims', 'Spokes'],
  },
  {
    key: 'rim-width',
    label: 'Inner rim width',
    type: 'number',
    unit: 'mm',
    values: NUMBERS(19, 21, 23, 25, 27, 30, 35),
    on: ['Rims', 'Wheelsets'],
  },
  {
    key: 'tubeless',
    label: 'Tubeless ready',
    type: 'boolean',
    values: YES_NO,
    on: ['Tyres', 'Rims', 'Wheelsets', 'Rim tapes'],
  },
  {
    key: 'tyre-width',
    label: 'Tyre width',
    type: 'number',
    unit: 'mm',
    values: NUMBERS(25, 28, 30, 32, 35, 40, 45, 50, 57, 60),
    on: ['Tyres', 'Inner tubes'],
  },
  {
    key: 'tpi',
    label: 'Casing',
    type: 'number',
    unit: 'TPI',
    values: NUMBERS(60, 120, 127, 320),
    on: ['Tyres'],
  },
  {
    key: 'compound',
    label: 'Rubber compound',
    type: 'enum',
    values: ['single', 'dual', 'triple'],
    on: ['Tyres'],
  },
  {
    key: 'valve',
    label: 'Valve',
    type: 'enum',
    values: ['Presta', 'Schrader', 'Dunlop'],
    on: ['Inner tubes', 'Tubeless valves'],
  },
  {
    key: 'valve-length',
    label: 'Valve length',
    type: 'number',
    unit: 'mm',
    values: NUMBERS(35, 40, 44, 60, 80),
    on: ['Inner tubes', 'Tubeless valves'],
  },
  {
    key: 'colour',
    label: 'Colour',
    type: 'enum',
    values: ['black', 'silver', 'red', 'blue', 'white', 'grey', 'green', 'orange'],
    on: [
      'Cockpit',
      'Seating',
      'Pedals and cranks',
      'Lights',
      'Tubeless valves',
      'Rim tapes',
      'Cable housings',
      'Ferrules',
    ],
  },
  {
    key: 'material',
    label: 'Material',
    type: 'enum',
    values: ['aluminium', 'carbon', 'steel', 'titanium'],
    on: ['Cockpit', 'Seating', 'Rims', 'Pedals and cranks'],
  },
  {
    key: 'bar-width',
    label: 'Bar width',
    type: 'number',
    unit: 'mm',
    values: NUMBERS(380, 400, 420, 440, 720, 760, 780, 800),
    on: ['Handlebars'],
  },
  {
    key: 'clamp',
    label: 'Clamp diameter',
    type: 'enum',
    values: ['25.4', '31.8', '35'],
    on: ['Handlebars', 'Stems'],
  },
  {
    key: 'stem-length',
    label: 'Stem length',
    type: 'number',
    unit: 'mm',
    values: NUMBERS(35, 50, 60, 70, 80, 90, 100, 110, 120),
    on: ['Stems'],
  },
  {
    key: 'seatpost-diameter',
    label: 'Seatpost diameter',
    type: 'enum',
    values: ['27.2', '30.9', '31.6', '34.9'],
    on: ['Seatposts', 'Seat clamps', 'Dropper levers'],
  },
  {
    key: 'travel',
    label: 'Travel',
    type: 'number',
    unit: 'mm',
    values: NUMBERS(100, 120, 130, 140, 150, 160, 170, 180),
    on: ['Seatposts', 'Suspension forks', 'Rear shocks'],
  },
  {
    key: 'saddle-width',
    label: 'Saddle width',
    type: 'number',
    unit: 'mm',
    values: NUMBERS(130, 135, 140, 143, 145, 150, 155),
    on: ['Saddles'],
  },
  {
    key: 'pedal-system',
    label: 'Pedal system',
    type: 'enum',
    values: ['SPD', 'SPD-SL', 'Look Keo', 'flat'],
    on: ['Pedals', 'Cleats'],
  },
  {
    key: 'bb-standard',
    label: 'Bottom bracket',
    type: 'enum',
    values: ['BSA 68', 'BB86', 'PF30', 'T47', 'BB30', 'ITA'],
    on: ['Bottom brackets', 'Cranksets', 'Bottom bracket tools'],
  },
  {
    key: 'crank-length',
    label: 'Crank length',
    type: 'number',
    unit: 'mm',
    values: NUMBERS(165, 167.5, 170, 172.5, 175, 177.5),
    on: ['Cranksets'],
  },
  {
    key: 'spring',
    label: 'Spring',
    type: 'enum',
    values: ['air', 'coil'],
    on: ['Suspension forks', 'Rear shocks', 'Service kits'],
  },
  {
    key: 'steerer',
    label: 'Steerer',
    type: 'enum',
    values: ['1 1/8', 'tapered', '1.5'],
    on: ['Suspension forks', 'Headsets', 'Stems'],
  },
  {
    key: 'housing-size',
    label: 'Housing size',
    type: 'enum',
    values: ['4 mm', '5 mm'],
    on: ['Cables'],
  },
  {
    key: 'cable-length',
    label: 'Cable length',
    type: 'number',
    unit: 'mm',
    values: NUMBERS(1700, 2000, 2100, 2350, 3000, 3500),
    on: ['Brake cables', 'Shift cables', 'Cable housings'],
  },
  {
    key: 'bits',
    label: 'Bits',
    type: 'enum',
    multi: true,
    values: ['Hex 3', 'Hex 4', 'Hex 5', 'Hex 6', 'Hex 8', 'Torx T25'],
    on: ['Workshop tools'],
  },
  {
    key: 'workshop-grade',
    label: 'Workshop grade',
    type: 'boolean',
    values: YES_NO,
    on: ['Workshop tools'],
  },
  {
    key: 'lumen',
    label: 'Output',
    type: 'number',
    unit: 'lm',
    values: NUMBERS(50, 100, 200, 400, 800, 1200, 1800),
    on: ['Front lights', 'Rear lights', 'Dynamo lights'],
  },
  { key: 'stvzo', label: 'StVZO approved', type: 'boolean', values: YES_NO, on: ['Lights'] },
  {
    key: 'volume',
    label: 'Volume',
    type: 'number',
    unit: 'ml',
    values: NUMBERS(60, 100, 125, 250, 500, 1000),
    on: ['Maintenance'],
  },
];

export const atScale = {
  categories: TREE.length * 4 * (1 + RIDING.length),
  brands: 400,
  attributes: ATTRIBUTES.length,
  families: 10_000,
};

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export type ScaleCategory = { slug: string; name: string; parent: string | null; level: number };

/** The 300 categories, top ones first. */
export function scaleCategories(): ScaleCategory[] {
  const tops = TREE.map(([name]) => ({ slug: slugOf(name), name, parent: null, level: 1 }));
  const middles = TREE.flatMap(([top, below]) =>
    below.map(([name]) => ({ slug: slugOf(name), name, parent: slugOf(top), level: 2 })),
  );
  const leaves = TREE.flatMap(([, below]) =>
    below.flatMap(([name]) =>
      RIDING.map((riding) => {
        const leaf = `${riding} ${name.toLowerCase()}`;
        return { slug: slugOf(leaf), name: leaf, parent: slugOf(name), level: 3 };
      }),
    ),
  );
  return [...tops, ...middles, ...leaves];
}

/** The 400 brands: the real ones, then made-up ones. */
export function scaleBrands(): { slug: string; name: string }[] {
  const names = [...REAL_BRANDS];
  for (let i = 0; names.length < atScale.brands; i++) {
    const a = SYLLABLES_A[i % 10]!;
    const b = SYLLABLES_B[Math.floor(i / 10) % 10]!;
    const c = SYLLABLES_C[Math.floor(i / 100) % 10]!;
    names.push(`${a}${b}${c}`);
  }
  return names.map((name) => ({ slug: slugOf(name), name }));
}

export const scaleAttributes = () => ATTRIBUTES;

/** The attributes the parts of a category's subtree may carry: attached above, at or below it. */
export function attributesUnder(slug: string) {
  const categories = scaleCategories();
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  const related = new Set<string>();
  for (let at = bySlug.get(slug); at; at = at.parent ? bySlug.get(at.parent) : undefined) {
    related.add(at.name);
  }
  const below = (parent: string): string[] =>
    categories.filter((c) => c.parent === parent).flatMap((c) => [c.name, ...below(c.slug)]);
  for (const name of below(slug)) related.add(name);
  return ATTRIBUTES.filter((a) => a.on.some((name) => related.has(name)));
}

/** Part number `g`'s SKU and GTIN (EAN-13: 40, the part number in ten digits, the check digit). */
export function codesOf(g: number) {
  const digits = `40${String(g).padStart(10, '0')}`;
  const sum = [...digits].reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return { sku: `BEN-${String(g).padStart(6, '0')}`, gtin: `${digits}${(10 - (sum % 10)) % 10}` };
}

/** What a leaf's parts are made of: its noun, its attributes (own and inherited), its axis. */
function leafPlans() {
  const categories = scaleCategories();
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  const attached = (name: string) => ATTRIBUTES.filter((a) => a.on.includes(name));
  const nounOf = new Map(TREE.flatMap(([, below]) => below.map(([name, noun]) => [name, noun])));
  const plans = categories
    .filter((c) => c.level === 3)
    .map((leaf, i) => {
      const middle = bySlug.get(leaf.parent!)!;
      const top = bySlug.get(middle.parent!)!;
      const own = attached(middle.name);
      const all = [...attached(top.name), ...own, ...attached(leaf.name)];
      const axis =
        own.find((a) => !a.multi && a.values.length >= 6) ??
        all.find((a) => !a.multi && a.values.length >= 6);
      return {
        i,
        slug: leaf.slug,
        noun: nounOf.get(middle.name)!,
        riding: leaf.name.split(' ')[0]!.toLowerCase(),
        axis: axis?.key ?? null,
        axisUnit: axis?.unit ?? (axis?.key === 'links' ? 'links' : null),
        attrs: [...new Map(all.map((a) => [a.key, a])).values()].map((a) => ({
          key: a.key,
          type: a.type,
          multi: a.multi === true,
          values: a.values,
        })),
      };
    });
  // Families are made only where there is an axis: `fi` numbers those leaves.
  let fi = 0;
  return plans.map((plan) => ({ ...plan, fi: plan.axis ? fi++ : null }));
}

/**
 * An integer hash in SQL (multiply and xor-shift on 32 bits): the same numbers on PGlite and
 * PostgreSQL, where hashtext may differ between versions. Made for the load, dropped after it.
 * Written out as one expression of `x` so that PostgreSQL inlines it where it is called (a
 * PL/pgSQL function made PGlite's load twice as slow).
 */
const MIX = (() => {
  const h0 = '(x % 4294967296)';
  const h1 = `(((${h0} # (${h0} >> 16)) * 73244475) % 4294967296)`;
  const h2 = `(((${h1} # (${h1} >> 16)) * 73244475) % 4294967296)`;
  return sql.raw(`create or replace function bench_mix(x bigint) returns bigint
    language sql immutable parallel safe as $$ select ${h2} # (${h2} >> 16) $$`);
})();

/**
 * Writes the catalogue: brands, categories, attributes and their categories, synonyms,
 * families, then `products` parts (the families' variants first), their opening stock in the
 * ledger, and fresh statistics. Returns the seconds it took.
 */
export async function seedAtScale({ db, kind }: Database, products: number) {
  const started = performance.now();
  const categories = scaleCategories();
  const brands = scaleBrands();
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  await db.execute(MIX);
  await db.execute(sql`
    insert into brand (id, slug, name)
    select md5('brand:' || (x->>'slug'))::uuid, x->>'slug', x->>'name'
    from jsonb_array_elements(${json(brands)}) x`);
  await db.execute(sql`
    insert into category (id, slug, name, parent_id, position)
    select md5('category:' || (x->>'slug'))::uuid, x->>'slug', x->>'name',
      case when x->>'parent' is null then null else md5('category:' || (x->>'parent'))::uuid end,
      n::int
    from jsonb_array_elements(${json(categories)}) with ordinality as t(x, n)`);
  await db.execute(sql`
    insert into attribute (id, key, label, type, unit, multi, values)
    select md5('attribute:' || (x->>'key'))::uuid, x->>'key', x->>'label', x->>'type',
      x->>'unit', coalesce((x->>'multi')::boolean, false),
      case when x->>'type' = 'enum' then x->'values' else '[]'::jsonb end
    from jsonb_array_elements(${json(ATTRIBUTES)}) x`);
  const links = ATTRIBUTES.flatMap((a) => a.on.map((name) => ({ key: a.key, slug: slugOf(name) })));
  await db.execute(sql`
    insert into attribute_category (attribute_id, category_id)
    select md5('attribute:' || (x->>'key'))::uuid, md5('category:' || (x->>'slug'))::uuid
    from jsonb_array_elements(${json(links)}) x`);
  await db.execute(sql`
    insert into search_synonym (term, means)
    values ('tire', 'tyre'), ('sprocket', 'cassette'), ('lube', 'lubricant')`);

  const plans = leafPlans();
  // The leaves a family may be in, by `fi`: their index among all leaves.
  const familyLeaves = plans.filter((plan) => plan.fi !== null).map((plan) => plan.i);
  // Families: 10,000 of 2 to 6 variants, each in one leaf, with one brand and series.
  await db.execute(sql`
    with plan as (
      select (l->>'fi')::int as fi, l->>'noun' as noun, l->>'axis' as axis
      from jsonb_array_elements(${json(plans)}) l where l->>'fi' is not null)
    insert into family (id, name, axes)
    select md5('family:' || f)::uuid,
      ${json(SERIES)} ->> (bench_mix(f * 8 + 2) % ${SERIES.length})::int || ' ' || plan.noun
        || ' ' || to_char(f, 'FM00000'),
      jsonb_build_array(plan.axis)
    from generate_series(1, ${atScale.families}::int) f
    join plan on plan.fi = bench_mix(f * 8 + 1) % ${familyLeaves.length}`);

  // GIN indexes are built faster whole than row by row (PGlite: 37 s of a 66 s load): the
  // product's are dropped for the load and made again after it, as the migrations wrote them.
  const gin = rawRows<{ name: string; definition: string }>(
    await db.execute(sql`select indexname as name, indexdef as definition from pg_indexes
      where tablename = 'product' and indexdef like '% USING gin %'`),
  );
  for (const { name } of gin) await db.execute(sql.raw(`drop index "${name}"`));
  // In slices of 10,000 parts: PostgreSQL's pool bounds one statement's time.
  for (let from = 1; from <= products; from += SLICE) {
    await db.transaction(async (tx) => {
      // PostgreSQL's JIT, misled by the estimates of the set-returning functions, would spend
      // longer compiling each slice than running it.
      if (kind === 'postgres') await tx.execute(sql`set local jit = off`);
      await insertParts(tx, plans, familyLeaves, from, Math.min(products, from + SLICE - 1));
    });
  }
  // A bulk load opens its stock in the ledger as the shop's own writes do.
  for (const { definition } of gin) await db.execute(sql.raw(definition));
  await db.execute(sql`
    insert into stock_movement (product_id, delta, reason, actor, note, stock_after)
    select id, stock, 'opening', 'bench', 'Bench load', stock from product
    where stock > 0 and not exists (select 1 from stock_movement m where m.product_id = product.id)`);
  await db.execute(sql`drop function bench_mix(bigint)`);
  // As autovacuum would soon after such a load: fresh statistics and a visibility map.
  for (const table of ['product', 'brand', 'category', 'family', 'attribute', 'stock_movement']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  return (performance.now() - started) / 1000;
}

const SLICE = 10_000;

/** Parts `from` to `to` (numbered from 1, the families' variants first). */
async function insertParts(
  db: Executor,
  plans: ReturnType<typeof leafPlans>,
  familyLeaves: number[],
  from: number,
  to: number,
) {
  const brands = scaleBrands();
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  // Each part: `seed` decides its leaf, brand, series and attribute values (a family's variants
  // share their family's), `variant` its value on the family's axis. 55% of parts are from the
  // first 20 brands (the real ones), the rest spread over all 400.
  await db.execute(sql`
    with plan as (
      select (l->>'i')::int as i, md5('category:' || (l->>'slug'))::uuid as category_id, l->>'noun' as noun,
        l->>'riding' as riding, l->>'axis' as axis, l->>'axisUnit' as axis_unit, l->'attrs' as attrs
      from jsonb_array_elements(${json(plans)}) l),
    brands as (
      select n::int - 1 as i, md5('brand:' || (x->>'slug'))::uuid as id, x->>'name' as name
      from jsonb_array_elements(${json(brands)}) with ordinality as t(x, n)),
    families as (
      select f, 2 + bench_mix(f * 8 + 3) % 5 as size from generate_series(1, ${atScale.families}::int) f),
    variants as (
      select row_number() over (order by f, v) as g, f, v::int as v
      from families, generate_series(0, size - 1) v),
    items as (
      select g, f, v, f * 8 as seed,
        (${json(familyLeaves)} ->> (bench_mix(f * 8 + 1) % ${familyLeaves.length})::int)::int as leaf
      from variants where g between ${from} and ${to}
      union all
      select g, null, null, (g + 1000000) * 8, (bench_mix((g + 1000000) * 8 + 1) % ${plans.length})::int
      from generate_series(greatest(${from}::int, (select count(*) from variants)::int + 1), ${to}::int) g),
    parts as (
      select items.*, plan.*,
        (case when bench_mix(seed + 4) % 100 < 55 then bench_mix(seed + 5) % 20
              else bench_mix(seed + 5) % ${brands.length} end)::int as brand_i,
        ${json(SERIES)} ->> (bench_mix(seed + 2) % ${SERIES.length})::int as series
      from items join plan on plan.i = items.leaf),
    chosen as (
      select parts.g, a->>'key' as key, a->>'type' as type, (a->>'multi')::boolean as multi,
        case
          when a->>'key' = parts.axis and parts.v is not null
            then array[a->'values'->>(parts.v % jsonb_array_length(a->'values'))]
          when (a->>'multi')::boolean and bench_mix(parts.seed * 64 + k * 2 + 1) % 10 < 4
            then array[a->'values'->>(bench_mix(parts.seed * 64 + k * 2) % jsonb_array_length(a->'values'))::int,
                       a->'values'->>((bench_mix(parts.seed * 64 + k * 2) + 1
                         + bench_mix(parts.seed * 64 + k * 2 + 1) % (jsonb_array_length(a->'values') - 1))
                         % jsonb_array_length(a->'values'))::int]
          else array[a->'values'->>(bench_mix(parts.seed * 64 + k * 2) % jsonb_array_length(a->'values'))::int]
        end as vals
      from parts, jsonb_array_elements(parts.attrs) with ordinality as t(a, k)),
    filed as (
      select g,
        jsonb_object_agg(key, case
          when multi then to_jsonb(vals)
          when type = 'number' then to_jsonb(vals[1]::numeric)
          when type = 'boolean' then to_jsonb(vals[1]::boolean)
          else to_jsonb(vals[1]) end) as attributes
      from chosen group by g),
    faceted as (
      select g, array_agg(key || '=' || v order by key, v) as facet_values
      from chosen, unnest(vals) v group by g)
    insert into product (sku, name, description, price_cents, stock, image_url, tiers, brand_id,
      mpn, gtin, category_id, family_id, attributes, facet_values, created_at)
    select 'BEN-' || to_char(parts.g, 'FM000000'),
      parts.series || ' ' || parts.noun || ' ' || to_char(coalesce(parts.f, parts.g), 'FM000000')
        || coalesce(' ' || (filed.attributes ->> parts.axis) || coalesce(' ' || parts.axis_unit, ''), ''),
      initcap(parts.noun) || ' by ' || brands.name || ' for ' || parts.riding || ' bikes.',
      price, stock, '/images/products/chain-whip.svg',
      jsonb_build_array(jsonb_build_object('minQuantity', 10, 'priceCents', price)),
      brands.id,
      upper(left(regexp_replace(parts.noun, '[^a-z]', '', 'g'), 2)) || '-' || to_char(parts.g, 'FM000000'),
      gtin12 || ((10 - (
        (substr(gtin12, 1, 1)::int + substr(gtin12, 3, 1)::int + substr(gtin12, 5, 1)::int
         + substr(gtin12, 7, 1)::int + substr(gtin12, 9, 1)::int + substr(gtin12, 11, 1)::int)
        + 3 * (substr(gtin12, 2, 1)::int + substr(gtin12, 4, 1)::int + substr(gtin12, 6, 1)::int
         + substr(gtin12, 8, 1)::int + substr(gtin12, 10, 1)::int + substr(gtin12, 12, 1)::int)
        ) % 10) % 10)::text,
      parts.category_id,
      case when parts.f is null then null else md5('family:' || parts.f)::uuid end,
      coalesce(filed.attributes, '{}'), coalesce(faceted.facet_values, '{}'),
      timestamptz '2026-01-01 00:00:00+00' + make_interval(mins => parts.g::int)
    from parts
    join brands on brands.i = parts.brand_i
    left join filed on filed.g = parts.g
    left join faceted on faceted.g = parts.g
    cross join lateral (select
      (100 + bench_mix(parts.seed + 6 + coalesce(parts.v, 0)) % 20000)::int as price,
      (case when bench_mix(parts.g * 8 + 7) % 100 < 15 then 0
            when bench_mix(parts.g * 8 + 7) % 100 < 25 then 1 + bench_mix(parts.g * 8 + 7) % 19
            else 20 + bench_mix(parts.g * 8 + 7) % 4980 end)::int as stock,
      '40' || to_char(parts.g, 'FM0000000000') as gtin12) x`);
}
