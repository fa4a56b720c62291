// ESLint flat config (issue #12.3). It lives in .ci/ because the top level holds only the
// project's fixed set of files; `npm run lint` points ESLint at it. Formatting is Prettier's
// job (settings in package.json "prettier"), so no stylistic rules here except max-len.
import path from 'node:path';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.resolve(import.meta.dirname, '..');

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'tmp/**', '**/*.d.mts'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  // Type-aware: catches floating promises and unsafe any flows, which matter on the server.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['.ci/*.js', 'server/tools/*.mjs'] },
        tsconfigRootDir: root,
      },
      globals: { ...globals.node },
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    ...reactHooks.configs.flat.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, ...reactHooks.configs.flat.recommended.plugins },
    rules: { ...jsxA11y.flatConfigs.recommended.rules, ...reactHooks.configs.flat.recommended.rules },
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    rules: {
      // 120 like Prettier's printWidth; long URLs, strings and template texts (spec copy, which
      // must stay word for word) and regular expressions are exempt.
      'max-len': [
        'error',
        {
          code: 120,
          ignoreUrls: true,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
          ignoreComments: false,
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Migrations are frozen in time and typed Kysely<any> on purpose (Kysely's migrations guide).
    files: ['migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read untyped payloads (socket.io-client's timeout().emitWithAck acks, parsed JSON
    // answers) and check their shape with assertions, which is the type check that matters there.
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript (the launcher, this file): no type information to check against.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
