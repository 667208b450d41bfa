import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// The web app's layering (docs/decisions/0010): a feature reaches another feature only through
// its api.ts or *-api.ts; shared pieces (components, lib) reach no feature. One zone per
// feature, since "any feature but this one" has to name this one.
const webFeatures = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureApis = ['**/src/web/features/*/api.ts', '**/src/web/features/*/*-api.ts'];
const webLayers = [
  ...webFeatures.map((feature) => ({
    target: `./src/web/features/${feature}/**`,
    from: `./src/web/features/!(${feature})/**`,
    except: featureApis,
    message: 'Another feature is reached only through its api.ts or *-api.ts.',
  })),
  {
    target: './src/web/features/**',
    from: './src/web/*.{ts,tsx}',
    message: 'A feature does not import the app shell (main, router).',
  },
  {
    target: ['./src/web/components/**', './src/web/lib/**'],
    from: './src/web/features/**',
    message: 'Shared components and lib import no feature.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'drizzle', 'playwright-report', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': ['error', { zones: webLayers }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'web never imports server' }] },
      ],
    },
  },
  {
    files: ['src/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A box that scrolls sideways (a wide table's region, a code sample) must take focus so
      // keyboard users can scroll it: axe's scrollable-region-focusable asks for exactly that.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: ['pre'], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**'], message: 'contract imports nothing of ours' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Its render entry is the one way in: the server renders pages with it.
              group: ['**/web/**', '!**/web/entry-server.tsx'],
              message: 'server never imports web (only its render entry, entry-server.tsx)',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'read configuration from config.ts' },
      ],
    },
  },
);
