import { apiKeysEndpoints } from './endpoints/api-keys.ts';
import { approvalsEndpoints } from './endpoints/approvals.ts';
import { auditEndpoints } from './endpoints/audit.ts';
import { blogsEndpoints } from './endpoints/blogs.ts';
import { cartEndpoints } from './endpoints/cart.ts';
import { companiesEndpoints } from './endpoints/companies.ts';
import { catalogEndpoints } from './endpoints/catalog.ts';
import { companyPricesEndpoints } from './endpoints/companies-prices.ts';
import { contactEndpoints } from './endpoints/contact.ts';
import { creditEndpoints } from './endpoints/credit.ts';
import { deliveryEndpoints } from './endpoints/delivery.ts';
import { importsEndpoints } from './endpoints/imports.ts';
import { jobsEndpoints } from './endpoints/jobs.ts';
import { imagesEndpoints } from './endpoints/images.ts';
import { exportsEndpoints } from './endpoints/exports.ts';
import { ordersEndpoints } from './endpoints/orders.ts';
import { overviewEndpoints } from './endpoints/overview.ts';
import { paymentsEndpoints } from './endpoints/payments.ts';
import { quotesEndpoints } from './endpoints/quotes.ts';
import { savedCardsEndpoints } from './endpoints/saved-cards.ts';
import { savedListsEndpoints } from './endpoints/saved-lists.ts';
import { returnsEndpoints } from './endpoints/returns.ts';
import { stockAlertsEndpoints } from './endpoints/stock-alerts.ts';
import { reviewsEndpoints } from './endpoints/reviews.ts';
import { siteEndpoints } from './endpoints/site.ts';
import { taxonomyEndpoints } from './endpoints/taxonomy.ts';
import { usersEndpoints } from './endpoints/users.ts';
import { webhooksEndpoints } from './endpoints/webhooks.ts';

/**
 * Every call of the API, declared once: the server registers its routes and guards from this
 * table, the OpenAPI document describes it, the web client's calls are typed by it and the
 * security suite's authorisation matrix walks it. Better Auth's own /api/auth/* is the one
 * route outside it. See docs/decisions/0008-one-endpoint-table.md. Each domain declares its
 * part in src/contract/endpoints/; the order here is the order of the routes and of the OpenAPI
 * document.
 */
export const endpoints = {
  ...siteEndpoints,
  ...catalogEndpoints,
  ...imagesEndpoints,
  ...taxonomyEndpoints,
  ...blogsEndpoints,
  ...reviewsEndpoints,
  ...contactEndpoints,
  ...usersEndpoints,
  ...ordersEndpoints,
  ...cartEndpoints,
  ...deliveryEndpoints,
  ...creditEndpoints,
  ...auditEndpoints,
  ...paymentsEndpoints,
  ...savedCardsEndpoints,
  ...companiesEndpoints,
  ...approvalsEndpoints,
  ...quotesEndpoints,
  ...savedListsEndpoints,
  ...returnsEndpoints,
  ...stockAlertsEndpoints,
  ...companyPricesEndpoints,
  ...jobsEndpoints,
  ...importsEndpoints,
  ...exportsEndpoints,
  ...apiKeysEndpoints,
  ...webhooksEndpoints,
  ...overviewEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** The endpoints by "METHOD /api/path": how the web client names the call it makes. */
type ByRoute = {
  [K in EndpointName as `${Endpoints[K]['method']} ${Endpoints[K]['path']}`]: Endpoints[K];
};

export type Route = keyof ByRoute;
export type EndpointOf<R extends Route> = ByRoute[R];
