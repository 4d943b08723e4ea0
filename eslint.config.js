import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** What only a page has: no-restricted-globals in src/lib and src/experiments. */
const BROWSER_GLOBALS = [
  'document', 'window', 'self', 'location', 'history', 'navigator', 'localStorage', 'sessionStorage',
  'matchMedia', 'getComputedStyle', 'requestAnimationFrame', 'cancelAnimationFrame', 'alert', 'confirm',
  'prompt', 'fetch', 'XMLHttpRequest', 'IntersectionObserver', 'ResizeObserver', 'MutationObserver',
  'customElements', 'CSS', 'Element', 'HTMLElement', 'Node', 'Image', 'name', 'event', 'status',
  'origin', 'parent', 'top', 'opener', 'frames',
];

/** Math's functions that engines may round differently: src/lib/fp computes what a result needs instead. */
const INEXACT_MATH = [
  'pow', 'exp', 'expm1', 'log', 'log1p', 'log2', 'log10', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2',
  'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh', 'cbrt', 'hypot',
];
const EXACT_MESSAGE = 'engines round this differently in the last bit: use src/lib/fp (powi, pow, log, exp, expm1, TWO_32) so every engine gives the same double.';

export default defineConfig(
  // src/kernels/assembly is AssemblyScript (u32, load<T>, decorators): its compiler checks it.
  { ignores: ['dist/', 'dist-*/', '.astro/', 'node_modules/', 'build/', 'test-results/', 'tests/vectors/*.py', 'src/kernels/assembly/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        document: 'readonly',
        window: 'readonly',
        location: 'readonly',
        history: 'readonly',
        navigator: 'readonly',
        localStorage: 'readonly',
        matchMedia: 'readonly',
        self: 'readonly',
        performance: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setImmediate: 'readonly',
        MessageChannel: 'readonly',
        IntersectionObserver: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        CSS: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The library and the experiments are pure: they run in the build, a worker, the terminal
    // and the tests alike, so they reach for no page (TypeScript's DOM types would let them).
    files: ['src/lib/**', 'src/experiments/**'],
    rules: {
      'no-restricted-globals': ['error', ...BROWSER_GLOBALS.map((name) => ({ name, message: 'src/lib and src/experiments run outside a page: no browser globals.' }))],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/components/**', 'components/**'], message: 'src/lib and src/experiments may not import components/.' },
            { group: ['astro', 'astro:*', 'astro/**'], message: 'src/lib and src/experiments may not import Astro.' },
            { group: ['jsdom', 'happy-dom', '@observablehq/plot', 'd3-selection'], message: 'src/lib and src/experiments may not import the DOM.' },
            // The worker bundles the experiments for the page: Node's modules are for src/build and scripts/.
            { group: ['node:*'], message: 'src/lib and src/experiments run in the page too: no node:* (build-time code lives in src/build).' },
          ],
        },
      ],
    },
  },
  {
    // Same parameters, same result, in every engine: no operation whose last bit the engines
    // may choose (V8, SpiderMonkey and JavaScriptCore differ on 0.99 ** 3), outside src/lib/fp.
    files: ['src/lib/**/*.ts', 'src/experiments/**/*.ts', 'src/kernels/*.ts'],
    ignores: ['src/lib/fp/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "BinaryExpression[operator='**']", message: `\`**\`: ${EXACT_MESSAGE}` },
        { selector: "AssignmentExpression[operator='**=']", message: `\`**=\`: ${EXACT_MESSAGE}` },
      ],
      'no-restricted-properties': ['error', ...INEXACT_MATH.map((property) => ({ object: 'Math', property, message: `Math.${property}: ${EXACT_MESSAGE}` }))],
    },
  },
);
