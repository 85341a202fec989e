import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web app's folders run one way (docs/architecture.md): app/ composes the features; a feature
// uses components/ and lib/ but never app/ or another feature; components/ use lib/; lib/ uses
// neither. Every folder of src/features is a feature, so a new one is covered by adding it.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export const boundaryZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: `A feature does not use another feature's insides: move what ${feature} shares to components/ or lib/, or let app/ compose them (lib/slots.ts).`,
  })),
  { target: './src/features', from: './src/app', message: 'Features do not import app/: app/ composes them.' },
  { target: './src/components', from: ['./src/features', './src/app'], message: 'Shared components do not depend on features or app/.' },
  { target: './src/lib', from: ['./src/features', './src/app', './src/components'], message: 'lib/ is the bottom layer: it imports no components, features or app/.' },
];

// An error's code is compared with a declaration (lib/api/errors.ts, features/<f>/errors.ts), typed
// by the contract's ErrorCode, never with a literal: a renamed or removed code is then a type error.
const errorCodeMessage = "Compare an error's code with a declared code (lib/api/errors.ts or the feature's errors.ts), not a literal.";
export const errorCodeLiterals = [
  { selector: "BinaryExpression[operator=/^[!=]==?$/][left.property.name='code'][right.type='Literal']", message: errorCodeMessage },
  { selector: "BinaryExpression[operator=/^[!=]==?$/][right.property.name='code'][left.type='Literal']", message: errorCodeMessage },
  { selector: "SwitchStatement[discriminant.property.name='code'] > SwitchCase[test.type='Literal']", message: errorCodeMessage },
  { selector: "CallExpression[callee.property.name='includes'][callee.object.type='ArrayExpression'][arguments.0.property.name='code']", message: errorCodeMessage },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/lib/api/schema.ts', 'e2e/output', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Named exports only, so that a thing has one name everywhere.
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use a named export.' }, ...errorCodeLiterals],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // Imports in src/ are relative, so Node's resolution with TypeScript's extensions finds them.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Playwright's fixtures take an object pattern and call use(), which is not React's hook; its
    // global setup must be a default export.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-empty-pattern': 'off',
      'react-hooks/rules-of-hooks': 'off',
      'no-restricted-syntax': 'off',
    },
  },
  {
    files: ['*.config.ts', '*.config.js'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-syntax': 'off' },
  },
);
