import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Screens draw with the portal's UI layer (app/components/ui, docs/decisions/040-ui-layer.md), which
// owns Joy.
const JOY = {
  group: ['@mui/joy', '@mui/joy/*'],
  message: "Draw with '~/components/ui'; Joy is the UI layer's.",
};

// Components translate through the portal's useTranslation (app/components/translation.ts): on the
// server it is a lookup, in the browser react-i18next's hook.
const USE_TRANSLATION = {
  name: 'react-i18next',
  importNames: ['useTranslation'],
  message: "Take useTranslation from '~/components/translation'.",
};

export default tseslint.config(
  { ignores: ['build/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'no-restricted-imports': ['error', { paths: [USE_TRANSLATION], patterns: [JOY] }],
    },
  },
  {
    // The contract's zod schemas stay out of the browser's bundle: what the browser runs takes values
    // only from @contract/values (no zod), @contract/dates (zod, which the forms bring anyway) and
    // @contract/phones (the phone library, on the forms that take a phone number); types come from
    // anywhere, since they leave no code behind.
    files: [
      'app/components/**',
      'app/forms/**',
      'app/routes/**/*.tsx',
      'app/root.tsx',
      'app/catalog.ts',
      'app/request-details.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@contract',
              allowTypeImports: true,
              message:
                "The browser takes the contract's values from '@contract/values' or '@contract/dates'.",
            },
          ],
          patterns: [
            {
              group: [
                '@contract/*',
                '!@contract/values',
                '!@contract/dates',
                '!@contract/phones',
                '**/contract',
                '**/contract/*',
              ],
              allowTypeImports: true,
              message:
                "The browser takes the contract's values from '@contract/values' or '@contract/dates'.",
            },
          ],
        },
      ],
    },
  },
  {
    // Routes reach the back office only through app/services/*.server.ts, which bind it to the signed-in
    // user (docs/decisions/034-backoffice-through-services.md); tests/unit/routes-through-services.test.ts
    // keeps this rule in place.
    files: ['app/routes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [USE_TRANSLATION],
          patterns: [
            JOY,
            {
              group: ['~/services/backoffice/*', '**/services/backoffice/*'],
              message: 'Routes reach the back office through a service in app/services/*.server.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The UI layer, the theme and the root (the theme's provider) are where Joy is imported.
    files: ['app/components/ui/**', 'app/theme/**', 'app/root.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [USE_TRANSLATION] }] },
  },
  {
    // Servers write JSON lines through their logger (server/logger.js, backoffice/log.ts), never the
    // console. The launcher (start script, supervisor) speaks to the person at the terminal instead.
    files: [
      'server.js',
      'server/**/*.js',
      'app/**/*.server.{ts,tsx}',
      'app/entry.server.tsx',
      'backoffice/**/*.ts',
    ],
    // The bench's seeding script speaks to the person at the terminal, as the launcher does.
    ignores: ['**/*.test.*', 'server/*.fixture.js', 'server/supervisor.js', 'backoffice/benchSeed.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'console', message: 'Log through server/logger.js (the back office: backoffice/log.ts).' },
      ],
    },
  },
);
