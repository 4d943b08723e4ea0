import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    // Compiles the WebAssembly kernels (build/kernels.wasm) when missing or stale.
    globalSetup: ['tests/unit/build-kernels.ts'],
    testTimeout: 60_000,
  },
});
