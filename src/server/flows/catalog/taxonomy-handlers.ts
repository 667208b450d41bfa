import type { taxonomyEndpoints } from '../../../contract/endpoints/taxonomy.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { addAttribute, changeAttribute, listAttributes } from '../../modules/catalog/attributes.ts';
import { addBrand, changeBrand, listBrands, removeBrand } from '../../modules/catalog/brands.ts';
import {
  addCategory,
  changeCategory,
  listCategories,
  removeCategory,
} from '../../modules/catalog/categories.ts';
import {
  addFamily,
  changeFamily,
  listFamilies,
  removeFamily,
} from '../../modules/catalog/families.ts';
import {
  addSearchSynonym,
  listSearchSynonyms,
  removeSearchSynonym,
} from '../../modules/catalog/synonyms.ts';

/**
 * How the catalogue is filed: categories, brands, attributes, families and search synonyms.
 * They are kept with the products in the read cache's `product` table: the counts here change
 * with every product write, and product answers and the search read brands, categories and
 * synonyms, so a write of either drops both.
 */
export const taxonomyHandlers = ({
  db,
  cache,
}: {
  db: Db;
  cache: ReadCache;
}): Handlers<keyof typeof taxonomyEndpoints> => {
  const write = <T>(run: () => Promise<T>) => cache.write('product', run);
  const read = <T>(key: string, load: () => Promise<T>) => cache.read('product', key, load);
  return {
    listCategories: () => read('categories', () => listCategories(db)),
    addCategory: ({ user, body }) => write(() => addCategory(db, user, body)),
    editCategory: ({ user, params, body }) =>
      write(() => changeCategory(db, user, params.id, body)),
    deleteCategory: ({ user, params }) => write(() => removeCategory(db, user, params.id)),

    listBrands: () => read('brands', () => listBrands(db)),
    addBrand: ({ user, body }) => write(() => addBrand(db, user, body)),
    editBrand: ({ user, params, body }) => write(() => changeBrand(db, user, params.id, body)),
    deleteBrand: ({ user, params }) => write(() => removeBrand(db, user, params.id)),

    listAttributes: () => read('attributes', () => listAttributes(db)),
    addAttribute: ({ user, body }) => write(() => addAttribute(db, user, body)),
    editAttribute: ({ user, params, body }) =>
      write(() => changeAttribute(db, user, params.id, body)),

    listFamilies: () => read('families', () => listFamilies(db)),
    addFamily: ({ user, body }) => write(() => addFamily(db, user, body)),
    editFamily: ({ user, params, body }) => write(() => changeFamily(db, user, params.id, body)),
    deleteFamily: ({ user, params }) => write(() => removeFamily(db, user, params.id)),

    // Admins only, and seldom: read from the database.
    listSearchSynonyms: () => listSearchSynonyms(db),
    addSearchSynonym: ({ user, body }) => write(() => addSearchSynonym(db, user, body)),
    deleteSearchSynonym: ({ user, params }) =>
      write(() => removeSearchSynonym(db, user, params.id)),
  };
};
