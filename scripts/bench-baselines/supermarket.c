/*
 * The bench's C baseline for the supermarket model's uniformised chain (scripts/bench/
 * power-of-two-choices.ts compiles it with `cc -O2` when a C compiler is present):
 * src/lib/supermarket/events.ts's runEvents as one would write it in C, on the same generator
 * (xoshiro128** seeded through splitmix64) with the same Lemire index, from the same queues (read
 * from a file of int32 lengths). Same seed, same chain: the bench checks that the customers in
 * system, the arrivals and the departures at the end agree with the TypeScript's and the kernel's.
 *
 *   /tmp/supermarket <queues.bin> <lambda> <d> <seed> <events>
 * prints {"ms": <the loop, wall clock>, "cpuMs": <the same, CPU time>, "inSystem": ..., "arrivals": ...,
 *         "departures": ..., "area": ...}
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "xoshiro.h"

static xo g;
static inline uint32_t xo_next(void) { return xo_step(&g); }

static inline uint32_t uniform_index(uint32_t n, uint32_t reject) {
  uint64_t m = (uint64_t)xo_next() * n;
  while ((uint32_t)m < reject) m = (uint64_t)xo_next() * n;
  return (uint32_t)(m >> 32);
}

int main(int argc, char **argv) {
  if (argc != 6) { fprintf(stderr, "usage: supermarket <queues.bin> <lambda> <d> <seed> <events>\n"); return 2; }
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 2; }
  fseek(f, 0, SEEK_END);
  uint32_t n = (uint32_t)(ftell(f) / 4);
  rewind(f);
  int32_t *queues = malloc((size_t)n * 4);
  if (n < 1 || fread(queues, 4, n, f) != n) { fprintf(stderr, "supermarket: cannot read the queues\n"); return 2; }
  fclose(f);
  double lambda = strtod(argv[2], NULL);
  int d = atoi(argv[3]);
  xo_seed(&g, strtoull(argv[4], NULL, 10));
  long long events = strtoll(argv[5], NULL, 10);
  /* Math.round((lambda / (lambda + 1)) * 2^32): the value is positive, so halves go up either way. */
  uint32_t arrival_cut = (uint32_t)floor((lambda / (lambda + 1)) * 4294967296.0 + 0.5);
  uint32_t reject = (uint32_t)((1ULL << 32) % n);
  long long in_system = 0, arrivals = 0, departures = 0;
  /* The time-average's sum, as the chain keeps it (the TypeScript resets it at each batch; here it
     is only kept, so that the loop does the same work). */
  double area = 0;
  for (uint32_t i = 0; i < n; i++) in_system += queues[i];

  double wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
  for (long long e = 0; e < events; e++) {
    area += (double)in_system;
    if (xo_next() < arrival_cut) {
      uint32_t best = uniform_index(n, reject);
      for (int c = 1; c < d; c++) {
        uint32_t j = uniform_index(n, reject);
        if (queues[j] < queues[best]) best = j;
      }
      queues[best]++;
      in_system++;
      arrivals++;
    } else {
      uint32_t j = uniform_index(n, reject);
      if (queues[j] > 0) { queues[j]--; in_system--; departures++; }
    }
  }
  wall = seconds(CLOCK_MONOTONIC) - wall;
  cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu;
  printf("{\"ms\": %.3f, \"cpuMs\": %.3f, \"inSystem\": %lld, \"arrivals\": %lld, \"departures\": %lld, \"area\": %.17g}\n", wall * 1e3, cpu * 1e3, in_system, arrivals, departures, area);
  return 0;
}
