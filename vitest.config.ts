import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    testTimeout: 60_000,
    // The files share a worker's module graph instead of each importing the library afresh: about
    // a third less CPU for the whole suite (measured: 128 against 185 CPU-seconds). No test file
    // mutates shared modules or globals (no vi.mock, no stubbed globals), which is what this needs.
    isolate: false,
  },
});
