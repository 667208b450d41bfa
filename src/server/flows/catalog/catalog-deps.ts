import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { CatalogView } from '../../modules/catalog/service.ts';

/** What the catalogue's writes need: the database, the read cache they clear, the answer's view. */
export type CatalogDeps = { db: Db; cache: ReadCache; view: CatalogView };
