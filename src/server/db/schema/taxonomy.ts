import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { attributeTypes } from '../../../contract/taxonomy.ts';
import { stampsOf } from './columns.ts';

// How the catalogue is filed: brands, a category tree, the attributes categories carry, the
// families variants belong to, and the search's synonyms. Products point at them (catalog.ts).

export const brands = pgTable(
  'brand',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    ...stampsOf(),
  },
  (t) => [
    uniqueIndex('brand_slug_idx').on(t.slug),
    uniqueIndex('brand_name_idx').on(sql`lower(${t.name})`),
  ],
);

/** A tree at most four levels deep (checked on write: a CHECK cannot see the parents). */
export const categories = pgTable(
  'category',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    // No cascade: a category with children is not deleted (409).
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id),
    position: integer('position').notNull().default(0),
    ...stampsOf(),
  },
  (t) => [
    uniqueIndex('category_slug_idx').on(t.slug),
    index('category_parent_idx').on(t.parentId, t.position),
    check('category_not_own_parent', sql`${t.parentId} is distinct from ${t.id}`),
  ],
);

export const attributes = pgTable(
  'attribute',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    type: text('type', { enum: attributeTypes }).notNull(),
    unit: text('unit'),
    // A multi attribute takes several values on one part (what it fits, say).
    multi: boolean('multi').notNull().default(false),
    // The allowed values of an enum, in the order filters list them; empty for the others.
    values: jsonb('values').$type<string[]>().notNull().default([]),
    ...stampsOf(),
  },
  (t) => [
    uniqueIndex('attribute_key_idx').on(t.key),
    check('attribute_type_known', sql`${t.type} in ('enum', 'number', 'boolean')`),
  ],
);

/** The categories an attribute is attached to; everything below them inherits it. */
export const attributeCategories = pgTable(
  'attribute_category',
  {
    attributeId: uuid('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.attributeId, t.categoryId] }),
    index('attribute_category_category_idx').on(t.categoryId),
  ],
);

/** Products that differ by one or two attributes (the axes): a tyre in four widths. */
export const families = pgTable('family', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  axes: jsonb('axes').$type<string[]>().notNull(),
  ...stampsOf(),
});

/** A word the search also reads as another ("tire" as "tyre"); admins keep the list. */
export const searchSynonyms = pgTable(
  'search_synonym',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    term: text('term').notNull(),
    means: text('means').notNull(),
    ...stampsOf(),
  },
  (t) => [uniqueIndex('search_synonym_term_idx').on(sql`lower(${t.term})`)],
);
