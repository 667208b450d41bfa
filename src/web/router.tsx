import { createBrowserRouter, type RouteObject } from 'react-router';
import { sitePaths } from '../contract/site-paths.ts';
import { RootLayout } from './components/layout/root-layout.tsx';
import { PageSpinner } from './components/page-spinner.tsx';
import { RouteErrorPage } from './components/route-error-page.tsx';

/** Each page is its own chunk: `page(() => import(...), 'ExportName')`. */
const page =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

const routes: RouteObject[] = [
  {
    path: sitePaths.home,
    Component: RootLayout,
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
            path: sitePaths.tool,
            lazy: page(() => import('./features/orders/purchase-page.tsx'), 'PurchasePage'),
          },
          {
            path: sitePaths.payment,
            lazy: page(() => import('./features/payments/payment-page.tsx'), 'PaymentPage'),
          },
          {
            path: `${sitePaths.dashboard}/*`,
            lazy: page(() => import('./features/dashboard/dashboard-page.tsx'), 'DashboardPage'),
          },
          {
            path: '*',
            lazy: page(() => import('./components/not-found-page.tsx'), 'NotFoundPage'),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
