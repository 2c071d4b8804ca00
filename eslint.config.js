// @ts-check
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The lint gate (`npm run lint`, the first step of `npm test` with the type check): typescript-eslint's
// type-checked recommended rules, React's rules of hooks, and the import boundary. Every rule switched
// off or changed below says why; a disable comment that no longer disables anything is an error.
export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'lighthouse-results/', 'screenshots/'] },
  {
    files: ['**/*.ts', '**/*.tsx', 'eslint.config.js'],
    extends: [tseslint.configs.recommendedTypeChecked],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Parameters a signature needs but the body does not (Express's four-argument error handler) start
      // with `_`; a rest sibling leaves out what it names.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Implementations of a Promise-returning interface that have nothing to wait for (the sample
      // register's search, a close() with nothing open) are `async` to say so; the rule would have each
      // build its Promise by hand.
      '@typescript-eslint/require-await': 'off',
      // The site's objects are closures (factories returning object literals), never classes: no method
      // reads `this`, so passing one on unbound is safe, which is all this rule guards against.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(server|sample-cms|scripts|tests)/',
              message:
                'src/ is what webpack bundles: it imports nothing from server/, sample-cms/, scripts/ or tests/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'tests/**/*.tsx'],
    rules: {
      // Tests read answers (JSON, HTML, log lines) as loosely typed values and assert on their shape:
      // the assertion is the check these rules would ask for.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
    },
  },
  {
    // Playwright's fixtures hand over with a function named `use`, which is not React's hook.
    files: ['tests/browser/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
