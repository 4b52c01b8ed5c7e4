import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

const root = path.dirname(fileURLToPath(import.meta.url));
const apps = ['storefront', 'admin-panel'];

/** Feature folders of an app, read from disk so a new feature is covered without touching this file. */
function featuresOf(app) {
  return readdirSync(path.join(root, app, 'src', 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * A feature is used from outside only through its public `index.ts`: `@/features/cart` is fine,
 * `@/features/cart/cart-context` is not. Inside a feature, files reach each other with relative paths.
 * Route-level `import()` calls in `app/routes.tsx` keep pointing at page modules so each screen stays its own chunk.
 */
function boundaryRules(app) {
  const features = featuresOf(app);
  const deepImport = {
    regex: '^@/features/[^/]+/.+',
    message: 'Import another feature through its public index.ts (`@/features/<name>`), not its inner files.',
  };
  return [
    // Outside any feature (app/, components/, lib/, test/): no deep imports into a feature.
    {
      files: [`${app}/src/**/*.{ts,tsx}`],
      ignores: [`${app}/src/features/**`],
      rules: { 'no-restricted-imports': ['error', { patterns: [deepImport] }] },
    },
    // Inside a feature: other features only through their index.ts, and never by climbing out with `../`.
    ...features.map((feature) => ({
      files: [`${app}/src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^@/features/(?!${feature}(/|$))[^/]+/.+`,
                message: deepImport.message,
              },
              {
                regex: `^@/features/${feature}(/|$)`,
                message: 'Inside a feature, import its own files with relative paths.',
              },
              {
                regex: `^(\\.\\./)+(${features.filter((f) => f !== feature).join('|')})(/|$)`,
                message: deepImport.message,
              },
            ],
          },
        ],
      },
    })),
  ];
}

/**
 * The backend's domains (cms/src/domains/domains.json): a domain's private files are everything in
 * `cms/src/domains/<domain>/` but its `index.ts`, and its Strapi shells (`cms/src/api/<type>/` but the registered
 * services and content types). Any file of the backend that is not the domain's own (another domain, another
 * domain's shells, the middlewares, policies, bootstrap, config and migrations) imports it only through those.
 */
const cmsDomains = JSON.parse(readFileSync(path.join(root, 'cms/src/domains/domains.json'), 'utf8'));
const domainNames = Object.keys(cmsDomains).filter((name) => !name.startsWith('$'));
const BOUNDARY_MESSAGE =
  'Another backend domain is imported only through its index.ts or its registered Strapi service (docs/architecture.md).';

function notOf(names) {
  return names.length === 0 ? '*' : names.length === 1 ? `!(${names[0]})` : `!(${names.join('|')})`;
}

function domainZones(domain) {
  const own = cmsDomains[domain];
  const outside = [
    `cms/src/domains/${notOf([domain])}/**`,
    `cms/src/api/${notOf(own.api)}/**`,
    `cms/src/middlewares/${notOf(own.middlewares)}.ts`,
    'cms/src/{policies,bootstrap,utils,extensions}/**',
    'cms/src/*.ts',
    'cms/config/**',
    'cms/database/**',
  ].map((glob) => path.join(root, glob));
  return [
    { target: outside, from: path.join(root, 'cms/src/domains', domain), except: ['./index.ts'], message: BOUNDARY_MESSAGE },
    ...own.api.map((type) => ({
      target: outside,
      from: path.join(root, 'cms/src/api', type),
      except: ['./services', './content-types'],
      message: BOUNDARY_MESSAGE,
    })),
  ];
}

const FLOOR_MESSAGE =
  'A backend domain imports only domains on lower floors (cms/src/domains/domains.json, docs/architecture.md "Floors and events"); a higher domain is made to act through an event (cms/src/utils/events.ts).';

/** The floors: a domain may not import a domain on its own floor or above; src/utils imports no domain at all. */
function floorZones(domain) {
  const floor = cmsDomains[domain].floor;
  const sameOrHigher = domainNames.filter((other) => other !== domain && cmsDomains[other].floor >= floor);
  if (sameOrHigher.length === 0) return [];
  return [
    {
      target: path.join(root, 'cms/src/domains', domain),
      from: sameOrHigher.map((other) => path.join(root, 'cms/src/domains', other)),
      message: FLOOR_MESSAGE,
    },
  ];
}

const utilsZone = {
  target: path.join(root, 'cms/src/utils'),
  from: path.join(root, 'cms/src/domains'),
  message: 'cms/src/utils is the ground floor: it imports no backend domain (docs/architecture.md "Floors and events").',
};

const backendBoundaries = {
  files: ['cms/src/**/*.ts', 'cms/config/**/*.ts', 'cms/database/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    'import-x/extensions': ['.ts', '.js'],
    'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      { zones: [...domainNames.flatMap(domainZones), ...domainNames.flatMap(floorZones), utilsZone] },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.tmp/**',
      '**/.strapi/**',
      'cms/types/generated/**',
      'cms/public/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      // Hand-written types of plain scripts (no tsconfig includes scripts/).
      'scripts/*.d.mts',
      'scripts/lib/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: {
        // Each file is checked with the nearest tsconfig.json.
        projectService: true,
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: apps.map((app) => `${app}/src/**/*.{ts,tsx}`),
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Cycles are checked in the apps' sources only: resolving every import of the whole repository is slow.
  ...apps.map((app) => ({
    files: [`${app}/src/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript too; without this the cycle check would not see through .ts files.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          alias: { '@': [path.join(root, app, 'src')] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  })),
  ...apps.flatMap(boundaryRules),
  backendBoundaries,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
