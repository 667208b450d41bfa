/**
 * Every page of the web app, defined once: the router builds its routes from these and the
 * server uses them to answer 404 (with the app's own 404 page) for anything else.
 */
export const sitePaths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  // Where the link mailed at sign-up lands once it has confirmed the address.
  emailConfirmed: '/email-confirmed',
  blog: '/blog',
  blogDetail: '/blogs/:blogsid',
  shop: '/shop',
  // A category's or a brand's own page: the shop's list with it fixed (issue 32).
  category: '/c/:slug',
  brand: '/b/:slug',
  product: '/products/:productid',
  // The same page with a readable name after the id, the address search engines are given.
  productNamed: '/products/:productid/:slug',
  portfolio: '/myportfolio',
  source: '/source',
  legal: '/legal',
  tool: '/tools/:toolsid',
  payment: '/order/payment/:orderid',
  cart: '/cart',
  checkout: '/checkout',
  quickOrder: '/quick-order',
  dashboard: '/dashboard',
  myReview: '/dashboard/myreview',
  myProfile: '/dashboard/myprofile',
  myAddresses: '/dashboard/addresses',
  orderDetail: '/dashboard/orders/:orderid',
  manageUser: '/dashboard/manageuser',
  manageAllOrders: '/dashboard/manageallorders',
  addProduct: '/dashboard/addAProduct',
  manageProduct: '/dashboard/manageProduct',
  auditTrail: '/dashboard/audit',
  manageReviews: '/dashboard/managereviews',
  messages: '/dashboard/messages',
  adminSettings: '/dashboard/settings',
  // Issue 33: the API keys (and webhooks) an ERP or a warehouse system works with.
  integrations: '/dashboard/integrations',
  // Trade accounts (issue 23): the buyer's quotes, and the shop admin's companies.
  quotes: '/dashboard/quotes',
  quoteDetail: '/dashboard/quotes/:quoteid',
  companies: '/dashboard/companies',
  companyDetail: '/dashboard/companies/:companyid',
  // Issue 35: a company's dealer prices as a table (search, category, inline edit).
  companyPrices: '/dashboard/companies/:companyid/prices',
  // Issue 33: the CSV exports.
  exports: '/dashboard/exports',
  // Issue 33: a CSV file checked, previewed and applied (?import= names the file sent).
  imports: '/dashboard/imports',
  // Trade accounts (issue 23): the buyer's company, its approvals and statement, an invite.
  company: '/dashboard/company',
  approvals: '/dashboard/approvals',
  statement: '/dashboard/statement',
  companyInvite: '/company-invites/:token',
  // Issue 34: saved order lists, the buyer's own and their company's shared ones.
  lists: '/dashboard/lists',
  listDetail: '/dashboard/lists/:listid',
  // Issue 34: returns (RMA), the buyer's and, for an admin, the inbox of every one; an order's
  // shipped parts are asked back from its own page.
  returns: '/dashboard/returns',
  returnDetail: '/dashboard/returns/:returnid',
  returnParts: '/dashboard/orders/:orderid/return',
  // Issue 34: back-in-stock alerts, and the signed-out page a mail's unsubscribe link opens.
  stockAlerts: '/dashboard/stock-alerts',
  stockAlertsUnsubscribe: '/stock-alerts/unsubscribe',
} as const;

export type SitePath = (typeof sitePaths)[keyof typeof sitePaths];

const patterns = Object.values(sitePaths).map(
  (p) => new RegExp(`^${p.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
);

export const isSitePath = (pathname: string) => patterns.some((re) => re.test(pathname));

/** Fills the `:params` of a path: `toPath(sitePaths.tool, { toolsid: id })`. */
export function toPath(path: SitePath, params: Record<string, string> = {}) {
  return path.replace(/:([a-zA-Z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}
