/*
 * The bench's C baseline for balls into bins (scripts/bench/power-of-two-choices.ts compiles it
 * with `cc -O2` when a C compiler is present): the article's loop as one would write it in C, with
 * uint32 bins and each ball's candidates drawn as it is thrown, on the same two generators as
 * src/lib/random (xoshiro128** seeded through splitmix64; MT19937 seeded as CPython's
 * random.Random(seed) does, for seeds below 2^32) and CPython's bitmask rejection for "below n".
 * Same seed, same bins as the TypeScript and the kernel: the bench checks the max loads agree.
 *
 * A fifth argument `u8` keeps the bins as uint8 instead, the WebAssembly kernel's own layout (a
 * quarter of the memory, so far fewer cache misses at 10^7 bins): the same loop on the same
 * layout, so the kernel is also compared with C on equal terms. It stops with exit 3 if a bin
 * would pass 255 (the kernel widens its bins then; this baseline does not).
 *
 *   cc -O2 -o /tmp/balls scripts/bench-baselines/balls.c && /tmp/balls 10000000 2 fast 7 [u8]
 * prints {"ms": <loop only, wall clock>, "cpuMs": <the same, CPU time>, "maxLoad": <max>}
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "xoshiro.h"

/* xoshiro128** (xoshiro.h), one stream. */
static xo g;
static inline uint32_t xo_next(void) { return xo_step(&g); }

/* MT19937 (mt19937ar.c, Matsumoto and Nishimura), as vendored in CPython. */
#define N 624
#define M 397
static uint32_t mt[N];
static int mti = N + 1;
static void init_genrand(uint32_t s) {
  mt[0] = s;
  for (mti = 1; mti < N; mti++) mt[mti] = 1812433253U * (mt[mti - 1] ^ (mt[mti - 1] >> 30)) + (uint32_t)mti;
}
static void init_by_array(const uint32_t *key, int len) {
  int i = 1, j = 0, k = N > len ? N : len;
  init_genrand(19650218U);
  for (; k; k--) {
    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
    i++; j++;
    if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
    if (j >= len) j = 0;
  }
  for (k = N - 1; k; k--) {
    mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
    i++;
    if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
  }
  mt[0] = 0x80000000U;
}
static inline uint32_t mt_next(void) {
  static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
  uint32_t y;
  if (mti >= N) {
    int kk;
    for (kk = 0; kk < N - M; kk++) {
      y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
      mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    for (; kk < N - 1; kk++) {
      y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
      mt[kk] = mt[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    y = (mt[N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
    mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
    mti = 0;
  }
  y = mt[mti++];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= (y >> 18);
  return y;
}

/* CPython's _randbelow_with_getrandbits: redraw the top bit_length(n) bits until below n. */
#define BELOW(next, n, shift, out) do { (out) = next() >> (shift); } while ((out) >= (n))

#define THROW(next, bins)                                            \
  for (uint32_t ball = 0; ball < n; ball++) {                        \
    uint32_t i, j;                                                   \
    BELOW(next, n, shift, i);                                        \
    for (int c = 1; c < d; c++) {                                    \
      BELOW(next, n, shift, j);                                      \
      if (bins[j] < bins[i]) i = j;                                  \
    }                                                                \
    if (sizeof *(bins) == 1 && bins[i] == 255) return 3;             \
    bins[i]++;                                                       \
  }

int main(int argc, char **argv) {
  if (argc != 5 && !(argc == 6 && strcmp(argv[5], "u8") == 0)) {
    fprintf(stderr, "usage: balls n d fast|cpython seed [u8]\n");
    return 2;
  }
  const int u8 = argc == 6;
  const uint32_t n = (uint32_t)strtoul(argv[1], NULL, 10);
  const int d = atoi(argv[2]);
  const int cpython = strcmp(argv[3], "cpython") == 0;
  const uint64_t seed = strtoull(argv[4], NULL, 10);
  if (n == 0 || d < 1 || seed >= (1ULL << 32)) return 2;
  uint32_t *bins = u8 ? NULL : calloc(n, sizeof *bins);
  uint8_t *bins8 = u8 ? calloc(n, 1) : NULL;
  if (!bins && !bins8) return 1;
  const int shift = __builtin_clz(n);
  struct timespec t0, t1;
  const clock_t c0 = clock();
  clock_gettime(CLOCK_MONOTONIC, &t0);
  if (cpython) {
    const uint32_t key = (uint32_t)seed;
    init_by_array(&key, 1);
    if (u8) { THROW(mt_next, bins8) } else { THROW(mt_next, bins) }
  } else {
    xo_seed(&g, seed);
    if (u8) { THROW(xo_next, bins8) } else { THROW(xo_next, bins) }
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  const clock_t c1 = clock();
  uint32_t max = 0;
  for (uint32_t b = 0; b < n; b++) {
    const uint32_t v = u8 ? bins8[b] : bins[b];
    if (v > max) max = v;
  }
  printf("{\"ms\": %.3f, \"cpuMs\": %.3f, \"maxLoad\": %u}\n", (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6,
         (double)(c1 - c0) * 1e3 / CLOCKS_PER_SEC, max);
  free(bins);
  free(bins8);
  return 0;
}
