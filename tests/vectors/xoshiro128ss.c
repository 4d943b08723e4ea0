/*
 * Prints the xoshiro128** pins used by tests/unit/lib/random/xoshiro128.test.ts, from the
 * reference algorithms (Blackman and Vigna, prng.di.unimi.it: xoshiro128starstar.c 1.1 and
 * splitmix64.c), re-typed here: the state words 0,1 are splitmix64's first output (low word
 * first), words 2,3 its second, as src/lib/random/xoshiro128.ts seeds them.
 *   cc -O2 -o /tmp/x tests/vectors/xoshiro128ss.c && /tmp/x
 */
#include <stdint.h>
#include <stdio.h>

static uint32_t s[4];
static inline uint32_t rotl(const uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }
static uint32_t next(void) {
  const uint32_t result = rotl(s[1] * 5, 7) * 9;
  const uint32_t t = s[1] << 9;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 11);
  return result;
}
static uint64_t sm;
static uint64_t splitmix64(void) {
  uint64_t z = (sm += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
static void seed(uint64_t x) {
  sm = x;
  uint64_t a = splitmix64(), b = splitmix64();
  s[0] = (uint32_t)a; s[1] = (uint32_t)(a >> 32); s[2] = (uint32_t)b; s[3] = (uint32_t)(b >> 32);
}
static void print(const char *label, int count) {
  printf("%s:", label);
  for (int i = 0; i < count; i++) printf(" %u", next());
  printf("\n");
}
int main(void) {
  s[0] = 1; s[1] = 2; s[2] = 3; s[3] = 4;
  print("state 1,2,3,4", 8);
  seed(42); print("seed 42", 8);
  seed(0); print("seed 0", 4);
  seed(9007199254740991ULL); print("seed 2^53-1", 4);
  return 0;
}
