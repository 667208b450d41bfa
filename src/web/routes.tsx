import { lazy, useState } from 'react';
import type { ActionFunction, LoaderFunction, RouteObject } from 'react-router';
import { sitePaths } from '../contract/site-paths.ts';
import { RootLayout } from './components/layout/root-layout.tsx';
import { NotFoundPage } from './components/not-found-page.tsx';
import { PageSpinner } from './components/page-spinner.tsx';
import { RouteErrorPage } from './components/route-error-page.tsx';

/** What a page's module may declare besides its component (docs/decisions/0018). */
type PageModule = {
  loader?: LoaderFunction;
  action?: ActionFunction;
  ErrorBoundary?: React.ComponentType;
};

/**
 * Each page is its own chunk: `page(() => import(...), 'ExportName')`. Its module's `loader`
 * fills the query cache before the page draws (on the server for the one render, in the
 * browser before a navigation shows it); its `action` answers the page's forms.
 */
const page =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType> & PageModule>, name: K) =>
  async () => {
    const module = await load();
    const { loader, action, ErrorBoundary } = module;
    return {
      Component: module[name],
      ...(loader && { loader }),
      ...(action && { action }),
      ...(ErrorBoundary && { ErrorBoundary }),
    };
  };

let cartNavLinkCode: Promise<{ default: React.ComponentType }> | undefined;
let LoadedCartNavLink: React.ComponentType | undefined;

/**
 * The navbar's cart icon, which only a signed-in navbar renders, so visitors never load the
 * cart's code or ask for a cart. main.tsx loads it before hydrating a signed-in page: arriving
 * later, it hydrated after /cart had fetched the cart, drew a count where the server had drawn
 * none, and React threw error #418.
 */
export const loadSignedInNavbar = () =>
  (cartNavLinkCode ??= import('./features/cart/cart-nav-link.tsx').then((module) => {
    LoadedCartNavLink = module.CartNavLink;
    return { default: module.CartNavLink };
  }));

const LazyCartNavLink = lazy(loadSignedInNavbar);

/** Drawn at once when its code is here already (so hydration finds what the server drew). */
function CartNavLink() {
  const [Link] = useState(() => LoadedCartNavLink ?? LazyCartNavLink);
  return <Link />;
}

function ShopLayout() {
  return <RootLayout signedInActions={<CartNavLink />} />;
}

const dashboardPages: RouteObject[] = [
  {
    // An admin's overview (issue 35), or the buyer's My Orders.
    index: true,
    lazy: async () => {
      // A feature reaches another's page only through here: the buyer's page is passed in.
      const [home, orders] = await Promise.all([
        import('./features/overview/dashboard-home.tsx'),
        import('./features/orders/my-orders-page.tsx'),
      ]);
      const { DashboardHome } = home;
      return {
        loader: home.loader,
        Component: function DashboardIndex() {
          return <DashboardHome BuyerPage={orders.MyOrdersPage} />;
        },
      };
    },
  },
  {
    path: sitePaths.myReview,
    lazy: page(() => import('./features/reviews/my-review-page.tsx'), 'MyReviewPage'),
  },
  {
    path: sitePaths.myProfile,
    lazy: page(() => import('./features/auth/my-profile-page.tsx'), 'MyProfilePage'),
  },
  {
    path: sitePaths.myAddresses,
    lazy: page(() => import('./features/addresses/my-addresses-page.tsx'), 'MyAddressesPage'),
  },
  {
    // The buyer's own order, or any order for an admin (the API decides which).
    path: sitePaths.orderDetail,
    lazy: page(() => import('./features/orders/order-page.tsx'), 'OrderPage'),
  },
  {
    // Issue 34: saved order lists, the buyer's own and their company's shared ones.
    path: sitePaths.lists,
    lazy: page(() => import('./features/lists/lists-page.tsx'), 'ListsPage'),
  },
  {
    path: sitePaths.listDetail,
    lazy: page(() => import('./features/lists/list-page.tsx'), 'ListPage'),
  },
  {
    // Issue 34: returns, the buyer's (their company's) or every one for a shop admin.
    path: sitePaths.returns,
    lazy: page(() => import('./features/returns/returns-page.tsx'), 'ReturnsPage'),
  },
  {
    path: sitePaths.returnDetail,
    lazy: page(() => import('./features/returns/return-page.tsx'), 'ReturnPage'),
  },
  {
    path: sitePaths.returnParts,
    lazy: page(() => import('./features/returns/return-parts-page.tsx'), 'ReturnPartsPage'),
  },
  {
    // Issue 34: the parts the buyer waits for, each mailed once when back in stock.
    path: sitePaths.stockAlerts,
    lazy: page(() => import('./features/stock-alerts/stock-alerts-page.tsx'), 'StockAlertsPage'),
  },
  {
    // The buyer's (their company's) quotes, or every quote for a shop admin: the API decides.
    path: sitePaths.quotes,
    lazy: page(() => import('./features/quotes/quotes-page.tsx'), 'QuotesPage'),
  },
  {
    path: sitePaths.quoteDetail,
    lazy: page(() => import('./features/quotes/quote-page.tsx'), 'QuotePage'),
  },
  {
    // The caller's company: create one, or its details, members and invites.
    path: sitePaths.company,
    lazy: page(() => import('./features/company/company-page.tsx'), 'CompanyPage'),
  },
  {
    // The company's owner and admins (the API refuses buyers).
    path: sitePaths.approvals,
    lazy: page(() => import('./features/company/approvals-page.tsx'), 'ApprovalsPage'),
  },
  {
    path: sitePaths.statement,
    lazy: page(() => import('./features/company/statement-page.tsx'), 'StatementPage'),
  },
  {
    // Admin pages refuse non-admins here, whatever page later fills them.
    lazy: page(() => import('./features/dashboard/require-admin.tsx'), 'RequireAdminOutlet'),
    children: [
      {
        path: sitePaths.manageUser,
        lazy: page(() => import('./features/admin/manage-users-page.tsx'), 'ManageUsersPage'),
      },
      {
        path: sitePaths.manageAllOrders,
        lazy: page(
          () => import('./features/orders/manage-all-orders-page.tsx'),
          'ManageAllOrdersPage',
        ),
      },
      {
        path: sitePaths.addProduct,
        lazy: page(() => import('./features/admin/add-product-page.tsx'), 'AddProductPage'),
      },
      {
        path: sitePaths.manageProduct,
        lazy: page(() => import('./features/admin/manage-products-page.tsx'), 'ManageProductsPage'),
      },
      {
        path: sitePaths.auditTrail,
        lazy: page(() => import('./features/admin/audit-page.tsx'), 'AuditPage'),
      },
      {
        path: sitePaths.manageReviews,
        lazy: page(() => import('./features/admin/manage-reviews-page.tsx'), 'ManageReviewsPage'),
      },
      {
        path: sitePaths.messages,
        lazy: page(() => import('./features/messages/messages-page.tsx'), 'MessagesPage'),
      },
      {
        path: sitePaths.adminSettings,
        lazy: page(
          () => import('./features/settings/admin-settings-page.tsx'),
          'AdminSettingsPage',
        ),
      },
      {
        path: sitePaths.integrations,
        lazy: page(
          () => import('./features/integrations/integrations-page.tsx'),
          'IntegrationsPage',
        ),
      },
      {
        path: sitePaths.companies,
        lazy: page(() => import('./features/companies-admin/companies-page.tsx'), 'CompaniesPage'),
      },
      {
        path: sitePaths.companyDetail,
        lazy: page(() => import('./features/companies-admin/company-page.tsx'), 'CompanyPage'),
      },
      {
        path: sitePaths.companyPrices,
        lazy: page(
          () => import('./features/companies-admin/price-table-page.tsx'),
          'PriceTablePage',
        ),
      },
      {
        path: sitePaths.exports,
        lazy: page(() => import('./features/exports/export-page.tsx'), 'ExportPage'),
      },
      {
        path: sitePaths.imports,
        lazy: page(() => import('./features/imports/import-page.tsx'), 'ImportPage'),
      },
    ],
  },
];

/** Pages that need a signed-in user: a signed-out visitor goes to /login and comes back. */
const signedInPages: RouteObject[] = [
  {
    path: sitePaths.tool,
    lazy: page(() => import('./features/orders/purchase-page.tsx'), 'PurchasePage'),
  },
  {
    path: sitePaths.payment,
    lazy: page(() => import('./features/payments/payment-page.tsx'), 'PaymentPage'),
  },
  {
    path: sitePaths.cart,
    lazy: page(() => import('./features/cart/cart-page.tsx'), 'CartPage'),
  },
  {
    path: sitePaths.checkout,
    lazy: page(() => import('./features/checkout/checkout-page.tsx'), 'CheckoutPage'),
  },
  {
    // An invite's mailed link: the invitee signs in (or up) first, then joins.
    path: sitePaths.companyInvite,
    lazy: page(() => import('./features/company/invite-page.tsx'), 'InvitePage'),
  },
  {
    path: sitePaths.quickOrder,
    lazy: page(() => import('./features/cart/quick-order-page.tsx'), 'QuickOrderPage'),
  },
  {
    path: sitePaths.dashboard,
    lazy: page(() => import('./features/dashboard/dashboard-layout.tsx'), 'DashboardLayout'),
    children: dashboardPages,
  },
];

/**
 * The handle of the routes behind sign-in: for a visitor without a session the server sends the
 * app's shell, and the browser sends them to /login, remembering the page. A signed-in user's
 * page is rendered on the server like any other (its own data still loads in the browser).
 */
export type RouteHandle = { browserOnly?: true };
const browserOnly: RouteHandle = { browserOnly: true };

export const routes: RouteObject[] = [
  {
    path: sitePaths.home,
    Component: ShopLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, lazy: page(() => import('./features/home/home-page.tsx'), 'HomePage') },
          {
            path: sitePaths.shop,
            lazy: page(() => import('./features/catalog/shop-page.tsx'), 'ShopPage'),
          },
          {
            path: sitePaths.category,
            lazy: page(() => import('./features/catalog/category-page.tsx'), 'CategoryPage'),
          },
          {
            path: sitePaths.brand,
            lazy: page(() => import('./features/catalog/brand-page.tsx'), 'BrandPage'),
          },
          {
            path: sitePaths.product,
            lazy: page(() => import('./features/catalog/product-page.tsx'), 'ProductPage'),
          },
          {
            path: sitePaths.productNamed,
            lazy: page(() => import('./features/catalog/product-page.tsx'), 'ProductPage'),
          },
          {
            path: sitePaths.blog,
            lazy: page(() => import('./features/blog/blog-page.tsx'), 'BlogPage'),
          },
          {
            path: sitePaths.blogDetail,
            lazy: page(() => import('./features/blog/blog-detail-page.tsx'), 'BlogDetailPage'),
          },
          {
            path: sitePaths.portfolio,
            lazy: page(() => import('./features/portfolio/portfolio-page.tsx'), 'PortfolioPage'),
          },
          {
            path: sitePaths.source,
            lazy: page(() => import('./features/source/source-page.tsx'), 'SourcePage'),
          },
          {
            path: sitePaths.legal,
            lazy: page(() => import('./features/legal/legal-page.tsx'), 'LegalPage'),
          },
          {
            path: sitePaths.login,
            lazy: page(() => import('./features/auth/login-page.tsx'), 'LoginPage'),
          },
          {
            path: sitePaths.signup,
            lazy: page(() => import('./features/auth/signup-page.tsx'), 'SignupPage'),
          },
          {
            path: sitePaths.forgotPassword,
            lazy: page(
              () => import('./features/auth/forgot-password-page.tsx'),
              'ForgotPasswordPage',
            ),
          },
          {
            path: sitePaths.resetPassword,
            lazy: page(
              () => import('./features/auth/reset-password-page.tsx'),
              'ResetPasswordPage',
            ),
          },
          {
            // The mailed confirmation link lands here, signed in by the link itself.
            path: sitePaths.emailConfirmed,
            lazy: page(
              () => import('./features/auth/email-confirmed-page.tsx'),
              'EmailConfirmedPage',
            ),
          },
          {
            // A back-in-stock mail's unsubscribe link: works signed out.
            path: sitePaths.stockAlertsUnsubscribe,
            lazy: page(
              () => import('./features/stock-alerts/unsubscribe-page.tsx'),
              'UnsubscribePage',
            ),
          },
          {
            lazy: page(() => import('./components/require-auth.tsx'), 'RequireAuthOutlet'),
            handle: browserOnly,
            children: signedInPages,
          },
          // In the first bundle anyway: the error page shows it for a 404 too.
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];
