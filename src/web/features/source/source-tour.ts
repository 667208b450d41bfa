export type SourceFolder = { path: string; text: string };

export const sourceTour: { title: string; folders: SourceFolder[] }[] = [
  {
    title: 'Shared contract',
    folders: [
      {
        path: 'src/contract',
        text: 'Zod schemas and TypeScript types for every request and response, plus the list of site paths. The server validates with them, the web app types its data with them, and the API docs are generated from them.',
      },
    ],
  },
  {
    title: 'Server',
    folders: [
      {
        path: 'src/server/db',
        text: 'The Drizzle schema, the database client (embedded PGlite or PostgreSQL), the migration runner and the demo seed data.',
      },
      {
        path: 'src/server/modules',
        text: 'One folder per feature (catalog, blogs, reviews, contact, orders, payments and more), each holding its routes and the queries behind them.',
      },
      {
        path: 'src/server/http',
        text: 'Cross-cutting HTTP concerns: security headers and rate limits, the API documentation, and serving the built web app with its own 404 page.',
      },
    ],
  },
  {
    title: 'Web app',
    folders: [
      {
        path: 'src/web/features',
        text: 'One folder per feature: its pages, components and the TanStack Query hooks that call the API. Every page is loaded lazily by the router.',
      },
      {
        path: 'src/web/components',
        text: 'Pieces shared by many pages: the layout with navigation bar and footer, spinners, error messages and the 404 page.',
      },
      {
        path: 'src/web/lib',
        text: 'Small helpers: the typed API client that turns error responses into readable messages, the query client and page titles.',
      },
    ],
  },
  {
    title: 'Database, tests and budgets',
    folders: [
      {
        path: 'drizzle',
        text: 'SQL migrations generated from the schema. The server applies them itself at start-up.',
      },
      {
        path: 'test',
        text: 'Vitest unit and integration tests. They call the API in-process on a fresh in-memory database, and again on PostgreSQL when one is configured.',
      },
      {
        path: 'e2e',
        text: 'Playwright end-to-end tests that drive the built app in Chromium, including accessibility checks.',
      },
      {
        path: 'bench',
        text: 'Scripts that check the budgets: API throughput, concurrent orders against limited stock, bundle size and Lighthouse scores.',
      },
    ],
  },
];
