import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const FEATURES = readdirSync('app/features', { withFileTypes: true }).flatMap((entry) =>
  entry.isDirectory() ? [entry.name] : [],
)
const ONE_FEATURE_ONE_FOLDER =
  "Issue 78's rule 'a feature reaches another only through its index': import '~/features/<other>' (or its index.server, index.<part>)."
// import() of another feature's file, by a relative or a ~/features/ path: only its lazily loaded owner views' entry.
const OTHER_FEATURE_IMPORT = {
  selector:
    'ImportExpression[source.value=/^(~\\/features\\/|(\\.\\.\\/)+features\\/|\\.\\.\\/)[^./][^/]*\\/(?!owner-view$)/]',
  message: `${ONE_FEATURE_ONE_FOLDER} A view loaded with import() goes through that feature's owner-view.ts; inside a feature, import() by a ./ path.`,
}
const SERVER_IMPORT = {
  selector: 'ImportExpression[source.value=/(\\.server|\\/platform(\\/.*)?)$/]',
  message: 'Only server code and *.functions.ts may import *.server.ts or the platform; call a server function.',
}
const PLATFORM_IMPORTS_NO_FEATURE =
  "Issue 78's rule 'the platform imports no feature': move what both need into the platform or app/lib."

export default tseslint.config(
  {
    ignores: [
      '.output/',
      '.output-*/',
      '.nitro/',
      '.tanstack/',
      '.data/',
      'node_modules/',
      'public/',
      'test-results/',
      'playwright-report/',
      'app/routeTree.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,mjs,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Flags a variable given a first value before a try block, which TypeScript needs.
      'no-useless-assignment': 'off',
      // An error thrown from a server function reaches the browser; its cause must not.
      'preserve-caught-error': 'off',
    },
  },
  {
    files: ['app/components/layout/entry-loader.js'],
    // An inline script's one function, called by the code the page writes after it.
    rules: { '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^startEntry$' }] },
  },
  {
    files: ['tests/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['app/**/*.tsx', 'app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The browser's side reaches server code only through server functions (docs/architecture.md): a *.server.ts
    // module or the platform only from server code, *.functions.ts, the entries and routes' server handlers.
    files: ['app/**/*.{ts,tsx,js}'],
    ignores: ['app/**/*.server.ts', 'app/**/*.functions.ts', 'app/platform/**', 'app/routes/**', 'app/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(\\.server|/platform(/.*)?)$',
              allowTypeImports: true,
              message:
                'Only server code and *.functions.ts may import *.server.ts or the platform; call a server function.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', SERVER_IMPORT],
    },
  },
  {
    // A feature's import() of another's file; set per kind of file, since one rule's list replaces the other's.
    files: ['app/features/**/*.{ts,tsx}'],
    ignores: ['app/**/*.server.ts', 'app/**/*.functions.ts'],
    rules: { 'no-restricted-syntax': ['error', SERVER_IMPORT, OTHER_FEATURE_IMPORT] },
  },
  {
    files: ['app/features/**/*.server.ts', 'app/features/**/*.functions.ts'],
    rules: { 'no-restricted-syntax': ['error', OTHER_FEATURE_IMPORT] },
  },
  {
    // A file past this is doing two things: split it where it divides (issue 61 set the limit).
    files: ['app/**/*.{ts,tsx,js}'],
    ignores: ['app/content/**'],
    rules: { 'max-lines': ['error', { max: 350 }] },
  },
  // Issue 78: a feature reaches another only through that feature's index.ts, an index.<part>.ts (index.server.ts,
  // or a part kept out of index.ts's chunk) or owner-view.ts (its views loaded with import()); inside itself, any file.
  ...FEATURES.map((feature) => ({
    files: [`app/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(~/features/|(\\.\\./)+features/|\\.\\./)(?!${feature}/)[^./][^/]*/(?!(index(\\.[a-z]+)?|owner-view)$)`,
              message: ONE_FEATURE_ONE_FOLDER,
            },
          ],
        },
      ],
    },
  })),
  {
    // The glob of app/server.ts is the entry, not the platform.
    files: ['app/platform/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(~/|(\\.\\./)+)features(/|$)', message: PLATFORM_IMPORTS_NO_FEATURE }] },
      ],
    },
  },
)
