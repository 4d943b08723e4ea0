import { defineConfig } from 'vitest/config';

/**
 * `npm run test:perf`: the checks that read a clock (the cost model against CPU time, cancel
 * latency, the terminal's start-up), run before a release rather than on every change: each
 * prints what it measured beside what the project promises. `npm test` holds their deterministic
 * proxies (tests/unit/experiments/chunks.test.ts, the cancel-at-the-next-chunk tests).
 */
export default defineConfig({
  test: {
    include: ['tests/perf/**/*.test.ts'],
    globalSetup: ['tests/unit/build-kernels.ts'],
    testTimeout: 300_000,
    // One file at a time: each measures time, and two beside each other would stretch both.
    fileParallelism: false,
  },
});
