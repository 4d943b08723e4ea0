/*
 * The bench's C baseline for ring lookups from key strings (scripts/bench/ring-baselines.ts
 * compiles it with `cc -O2` when a C compiler is present): the ring's 6-byte layout read from a
 * file (u32 hashes ascending, then u16 nodes), each key's bytes hashed (zlib's CRC-32, as nginx;
 * or MurmurHash3 x86_32 seed 0) and the first point >= the hash found by binary search, wrapping
 * to point 0: src/lib/hashing/ring.ts's lookup. Keys are printf(format, batch, i), made before
 * the clock starts, a fresh batch each time.
 *
 *   ring <ring file> <points> crc32|murmur3 <format> <batches> <batch size>
 * prints {"ns": <median per lookup over the batches>, "sum": <sum of the nodes found>}
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint32_t crc_table[256];
static uint32_t crc32(const uint8_t *p, size_t n) {
  uint32_t c = 0xffffffffU;
  for (size_t i = 0; i < n; i++) c = crc_table[(c ^ p[i]) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffU;
}

static inline uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }
static uint32_t murmur3(const uint8_t *p, size_t n) {
  const uint32_t c1 = 0xcc9e2d51U, c2 = 0x1b873593U;
  uint32_t h = 0, k;
  size_t tail = n & ~(size_t)3;
  for (size_t i = 0; i < tail; i += 4) {
    memcpy(&k, p + i, 4);
    k = rotl(k * c1, 15) * c2;
    h = rotl(h ^ k, 13) * 5 + 0xe6546b64U;
  }
  k = 0;
  switch (n & 3) {
    case 3: k ^= (uint32_t)p[tail + 2] << 16; /* fall through */
    case 2: k ^= (uint32_t)p[tail + 1] << 8; /* fall through */
    case 1: k ^= p[tail]; h ^= rotl(k * c1, 15) * c2;
  }
  h ^= (uint32_t)n;
  h ^= h >> 16; h *= 0x85ebca6bU; h ^= h >> 13; h *= 0xc2b2ae35U; h ^= h >> 16;
  return h;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc != 7) {
    fprintf(stderr, "usage: ring <file> <points> crc32|murmur3 <format> <batches> <batch size>\n");
    return 2;
  }
  const size_t points = strtoul(argv[2], NULL, 10);
  const int murmur = strcmp(argv[3], "murmur3") == 0;
  const char *format = argv[4];
  const int batches = atoi(argv[5]);
  const size_t batch = strtoul(argv[6], NULL, 10);
  uint32_t *hashes = malloc(points * 4);
  uint16_t *nodes = malloc(points * 2);
  FILE *f = fopen(argv[1], "rb");
  if (!f || !hashes || !nodes || points == 0 || fread(hashes, 4, points, f) != points || fread(nodes, 2, points, f) != points) return 1;
  fclose(f);
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++) c = c & 1 ? 0xedb88320U ^ (c >> 1) : c >> 1;
    crc_table[n] = c;
  }
  char *text = malloc(batch * 64);
  size_t *offsets = malloc((batch + 1) * sizeof *offsets);
  double *ns = malloc(batches * sizeof *ns);
  uint64_t sum = 0;
  for (int b = 0; b < batches; b++) {
    size_t at = 0;
    for (size_t i = 0; i < batch; i++) {
      offsets[i] = at;
      at += (size_t)snprintf(text + at, 64, format, b, (int)i);
    }
    offsets[batch] = at;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (size_t i = 0; i < batch; i++) {
      const uint8_t *key = (const uint8_t *)text + offsets[i];
      const size_t len = offsets[i + 1] - offsets[i];
      const uint32_t h = murmur ? murmur3(key, len) : crc32(key, len);
      size_t lo = 0, hi = points;
      while (lo < hi) {
        size_t mid = (lo + hi) >> 1;
        if (hashes[mid] < h) lo = mid + 1;
        else hi = mid;
      }
      sum += nodes[lo == points ? 0 : lo];
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    ns[b] = ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / (double)batch;
  }
  qsort(ns, batches, sizeof *ns, cmp_double);
  printf("{\"ns\": %.2f, \"sum\": %llu}\n", ns[batches / 2], (unsigned long long)sum);
  return 0;
}
