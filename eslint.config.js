// ESLint: typescript-eslint's recommended rules and the React hooks rules over every hand-written file.
// Generated files are proven by `npm run gen:check`, not linted.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', '**/generated/**', 'bench/results/**', 'tests/bench/grid/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The classic hooks rules. react-hooks 7's React Compiler rules (refs, set-state-in-effect, …) are
      // left off: this app runs React 18 without the compiler (docs/decisions.md "Lint").
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
