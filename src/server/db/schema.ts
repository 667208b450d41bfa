// Every table, one file per domain in schema/: Drizzle reads the whole schema from this one
// module (db/client.ts, drizzle.config.ts lists the files), and the code imports tables from it.
export * from './schema/catalog.ts';
export * from './schema/taxonomy.ts';
export * from './schema/content.ts';
export * from './schema/orders.ts';
export * from './schema/cart.ts';
export * from './schema/contact.ts';
export * from './schema/app.ts';
export * from './schema/auth.ts';
export * from './schema/payments.ts';
export * from './schema/audit.ts';
export * from './schema/delivery.ts';
export * from './schema/companies.ts';
export * from './schema/jobs.ts';
export * from './schema/imports.ts';
export * from './schema/media.ts';
export * from './schema/api-keys.ts';
export * from './schema/webhooks.ts';
export * from './schema/saved-lists.ts';
export * from './schema/returns.ts';
export * from './schema/stock-alerts.ts';
