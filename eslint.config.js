// Lint rules, including the import boundaries of docs/architecture.md ("Layers and who may import whom").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const noOurLayers = (...layers) =>
  layers.map((layer) => ({
    group: [`**/${layer}/**`, `**/${layer}`],
    message: `this layer may not import src/${layer}`,
  }));

// Test helpers live in src/testing/; only tests (and the helpers themselves) import them.
const testFiles = ['src/**/*.test.{ts,tsx}', 'src/testing/**'];
const noTestHelpers = {
  group: ['**/testing/**', '**/testing'],
  message: 'production code may not import the test helpers in src/testing/',
};

// Toasts are raised through ui/toast/toast.ts (which loads the library lazily) and shown by the container
// in ui/toast/toaster.tsx; nothing else imports react-toastify.
const toastModules = ['src/ui/toast/toast.ts', 'src/ui/toast/toaster.tsx'];
// The one number format, the figures core works out for the screens, and the texts and formats of
// the chosen language: written in core and handed to the screens by these ui files, the only ui
// files that read core (docs/architecture.md "Layers").
const coreGateways = [
  'src/ui/format-sats.ts',
  'src/ui/domain-views.ts',
  'src/ui/i18n.ts',
  'src/ui/mint-refusal.ts',
];
const toastLibrary = [
  {
    name: 'react-toastify',
    message: 'raise toasts through ui/toast/toast.ts (ui/toast/toaster.tsx is the container)',
  },
];

const anotherFeature = {
  regex: '^\\.\\./(?!\\.)|(^|/)features/',
  message: 'a feature may not import another feature: share through ui/ or core/',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      '.data',
      'test-results',
      'playwright-report',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-console': 'error',
    },
  },
  // Promises the code forgets or hands where a plain callback is expected, caught with the types
  // (docs/architecture.md "Layers"); features and ui join once their files are settled.
  {
    files: ['src/core/**/*.ts', 'src/storage/**/*.ts', 'src/app/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'dexie', ...toastLibrary],
          patterns: [...noOurLayers('app', 'features', 'storage', 'ui'), noTestHelpers],
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: [...testFiles, ...toastModules, ...coreGateways],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: toastLibrary,
          patterns: [...noOurLayers('app', 'features', 'storage', 'core'), noTestHelpers],
        },
      ],
    },
  },
  {
    files: coreGateways,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...noOurLayers('app', 'features', 'storage'), noTestHelpers] },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': ['error', { paths: toastLibrary, patterns: [noTestHelpers] }],
    },
  },
  {
    files: [...testFiles, 'src/conformance/**/*.ts'],
    ignores: ['src/features/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: toastLibrary }],
    },
  },
  {
    files: ['src/storage/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', ...toastLibrary],
          patterns: [...noOurLayers('app', 'features', 'ui'), noTestHelpers],
        },
      ],
    },
  },
  // Features are directly under src/features/<name>/: a path leaving the folder for a sibling
  // ('../other/…') or naming features/ is another feature. What two share lives in ui/ or core/.
  // A feature's screens get storage through the services app/ builds, never by importing it.
  {
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: toastLibrary,
          patterns: [...noOurLayers('app', 'storage'), anotherFeature, noTestHelpers],
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: toastLibrary, patterns: [...noOurLayers('app'), anotherFeature] },
      ],
    },
  },
);
