import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// react-router's package exports only its development build (its warnings and checks kept); the
// production build beside it is the same API and smaller on the first paint.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

const FORM_PAGE_CHUNK = /\/login-page-[\w-]+\.js$/;
const SCHEMA_CHUNK = /\/(zod|schemas)-[\w-]+\.js$/;
const UNBUDGETED_PAGE_CHUNK =
  /\/(my-orders|my-review|my-profile|require-admin|manage-[a-z-]+|add-product|audit|purchase|payment|cart|quick-order|cart-nav-link|dashboard-layout|portfolio|source|legal|signup|forgot-password|reset-password)(-page)?-[\w-]+\.js$/;

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
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][a-z-]+)[\\/]/,
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
