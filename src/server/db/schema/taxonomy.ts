import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { attributeTypes } from '../../../contract/taxonomy.ts';
import { stampsOf } from './columns.ts';

// How the catalogue is filed: brands, a category tree, the attributes categories carry, the
// families variants belong to, and the search's synonyms. Products point at them (catalog.ts).

export const brands = pg.pgTable(
  'brand',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    slug: pg.text('slug').notNull(),
    name: pg.text('name').notNull(),
    ...stampsOf(),
  },
  (t) => [
    pg.uniqueIndex('brand_slug_idx').on(t.slug),
    pg.uniqueIndex('brand_name_idx').on(sql`lower(${t.name})`),
  ],
);

/** A tree at most four levels deep (checked on write: a CHECK cannot see the parents). */
export const categories = pg.pgTable(
  'category',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    slug: pg.text('slug').notNull(),
    name: pg.text('name').notNull(),
    // No cascade: a category with children is not deleted (409).
    parentId: pg.uuid('parent_id').references((): pg.AnyPgColumn => categories.id),
    position: pg.integer('position').notNull().default(0),
    ...stampsOf(),
  },
  (t) => [
    pg.uniqueIndex('category_slug_idx').on(t.slug),
    pg.index('category_parent_idx').on(t.parentId, t.position),
    pg.check('category_not_own_parent', sql`${t.parentId} is distinct from ${t.id}`),
  ],
);

export const attributes = pg.pgTable(
  'attribute',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    key: pg.text('key').notNull(),
    label: pg.text('label').notNull(),
    type: pg.text('type', { enum: attributeTypes }).notNull(),
    unit: pg.text('unit'),
    // A multi attribute takes several values on one part (what it fits, say).
    multi: pg.boolean('multi').notNull().default(false),
    // The allowed values of an enum, in the order filters list them; empty for the others.
    values: pg.jsonb('values').$type<string[]>().notNull().default([]),
    ...stampsOf(),
  },
  (t) => [
    pg.uniqueIndex('attribute_key_idx').on(t.key),
    pg.check('attribute_type_known', sql`${t.type} in ('enum', 'number', 'boolean')`),
  ],
);

/** The categories an attribute is attached to; everything below them inherits it. */
export const attributeCategories = pg.pgTable(
  'attribute_category',
  {
    attributeId: pg
      .uuid('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    categoryId: pg
      .uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    pg.primaryKey({ columns: [t.attributeId, t.categoryId] }),
    pg.index('attribute_category_category_idx').on(t.categoryId),
  ],
);

/** Products that differ by one or two attributes (the axes): a tyre in four widths. */
export const families = pg.pgTable('family', {
  id: pg.uuid('id').primaryKey().defaultRandom(),
  name: pg.text('name').notNull(),
  axes: pg.jsonb('axes').$type<string[]>().notNull(),
  ...stampsOf(),
});

/** A word the search also reads as another ("tire" as "tyre"); admins keep the list. */
export const searchSynonyms = pg.pgTable(
  'search_synonym',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    term: pg.text('term').notNull(),
    means: pg.text('means').notNull(),
    ...stampsOf(),
  },
  (t) => [pg.uniqueIndex('search_synonym_term_idx').on(sql`lower(${t.term})`)],
);
