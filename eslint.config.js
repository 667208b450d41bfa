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

// The server's layering (docs/decisions/0019, 0024): a module owns its tables and rules and
// imports no other module; what crosses modules is a flow, which may import modules but no module
// imports a flow; app.ts and http wire them together. Flows have two levels: steps (building
// blocks that take a transaction, importing modules and other steps) and areas (use cases and
// their handlers, one folder each), which import steps and modules but never another area.
const foldersOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const serverModules = foldersOf('src/server/modules');
const flowAreas = foldersOf('src/server/flows').filter((name) => name !== 'steps');
const serverLayers = [
  ...serverModules.map((module) => ({
    target: `./src/server/modules/${module}/**`,
    from: `./src/server/modules/!(${module})/**`,
    message: 'A module does not import another module: work across modules is a flow.',
  })),
  {
    target: './src/server/modules/**',
    from: './src/server/flows/**',
    message: 'A module does not import a flow: flows compose modules, not the other way.',
  },
  {
    target: './src/server/flows/steps/**',
    from: './src/server/flows/!(steps)/**',
    message: 'A step imports modules and other steps, never an area: areas are built on steps.',
  },
  ...flowAreas.map((area) => ({
    target: `./src/server/flows/${area}/**`,
    from: `./src/server/flows/!(${area}|steps)/**`,
    message: 'An area imports steps and modules, never another area: share it as a step.',
  })),
  {
    target: './src/server/flows/*.ts',
    from: './src/server/flows/**',
    message: 'Every flow file is a step (flows/steps/) or belongs to an area (flows/<area>/).',
  },
  {
    target: ['./src/server/modules/**', './src/server/flows/**'],
    from: ['./src/server/app.ts', './src/server/main.ts'],
    message: 'Modules and flows do not import the app that wires them.',
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
    // No module of ours reaches itself through its imports (0 cycles in src).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    // The plugin reads the imported files to follow their imports: TypeScript, by its parser.
    settings: {
      'import/extensions': ['.ts', '.tsx'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
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
      'import/no-restricted-paths': ['error', { zones: serverLayers }],
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
