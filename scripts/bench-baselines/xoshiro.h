/*
 * What the C baselines share: xoshiro128** 1.1 seeded through splitmix64 (Blackman and Vigna,
 * prng.di.unimi.it), as src/lib/random/xoshiro128.ts seeds it (splitmix64's first output fills
 * state words 0 and 1, low word first, its second words 2 and 3), and a clock reading in seconds.
 */
#ifndef LB_XOSHIRO_H
#define LB_XOSHIRO_H
#include <stdint.h>
#include <time.h>

typedef struct { uint32_t s[4]; } xo;

static inline uint32_t rotl(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

static inline uint32_t xo_step(xo *g) {
  uint32_t *s = g->s;
  const uint32_t result = rotl(s[1] * 5, 7) * 9;
  const uint32_t t = s[1] << 9;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 11);
  return result;
}

static void xo_seed(xo *g, uint64_t x) {
  for (int w = 0; w < 4; w += 2) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    g->s[w] = (uint32_t)z;
    g->s[w + 1] = (uint32_t)(z >> 32);
  }
}

/* The clock's time in seconds: CLOCK_MONOTONIC for wall time, CLOCK_PROCESS_CPUTIME_ID for CPU. */
static inline double seconds(clockid_t clock) {
  struct timespec ts;
  clock_gettime(clock, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}
#endif
