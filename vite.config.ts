import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// react-router's package exports only its development build (its warnings and checks kept); the
// production build beside it is the same API and smaller on the first paint.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

const APP_SHARED =
  /src[\\/](web[\\/]lib[\\/]|contract[\\/](money|number-text|order-rules|page-calls|photo-link|price-ladder|product-path|review-preview|script-json|site-paths)\.ts)/;
const FORM_PAGE_CHUNK = /\/login-page-[\w-]+\.js$/;
const SCHEMA_CHUNK = /\/(zod|schemas)-[\w-]+\.js$/;
const UNBUDGETED_PAGE_CHUNK =
  /\/(my-orders|my-review|my-profile|my-addresses|checkout|order|require-admin|manage-[a-z-]+|add-product|audit|purchase|payment|cart|quick-order|cart-nav-link|dashboard-layout|portfolio|source|legal|signup|forgot-password|reset-password)(-page)?-[\w-]+\.js$/;

export default defineConfig(({ command }) => ({
  root: 'src/web',
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The server reads it to preload the app's code on the pages the browser draws
    // (src/server/ssr/template.ts).
    manifest: true,
    target: 'es2022',
    // The first paint of / has a budget; everything else is split by route.
    chunkSizeWarningLimit: 400,
    modulePreload: {
      // Every browser we support has <link rel="modulepreload">.
      polyfill: false,
      // Each name in these lists rides in the first paint of /, so only what saves time is
      // listed. The pages with a speed budget preload their imports with their own chunk; the
      // form pages preload only the schema library, which their small imports finish well
      // before; the other pages (behind sign-in, or rarely the first of a visit) fetch their
      // imports once their own chunk has arrived.
      resolveDependencies: (filename, deps, { hostType }) => {
        if (hostType !== 'js') return deps;
        if (UNBUDGETED_PAGE_CHUNK.test(filename)) return [];
        if (FORM_PAGE_CHUNK.test(filename)) return deps.filter((d) => SCHEMA_CHUNK.test(d));
        return deps;
      },
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The helper every dynamic import calls, the first script's too: a chunk of its own,
            // so that no group below takes it in and drags itself into the first paint.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 4 },
            // Two chunks, evaluated in two tasks (boot.ts): React with its DOM renderer, then
            // the router and the query cache with the app. One module graph is evaluated in one
            // go, and all of it in one task blocked a phone's main thread for over 100 ms.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            // The app's shared pieces (lib, components and the contract's zod-free rules) in one
            // chunk rather than dozens of tiny ones: each chunk is a request, a preload link
            // added by script and a module to link, all on the main thread while hydrating.
            {
              name: 'app',
              test: APP_SHARED,
              priority: 1,
            },
            {
              name: 'framework',
              test: /node_modules[\\/](react-router|@tanstack[\\/][a-z-]+)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
