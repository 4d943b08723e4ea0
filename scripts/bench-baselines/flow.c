/*
 * The bench's C baseline for the request-flow simulator (scripts/bench/flow.ts compiles it with
 * `cc -O2` when a C compiler is present): src/lib/flow/engine.ts's event loop as one would write it
 * in C, for every policy (the production ones too: nginx's least_conn and random two least_conn,
 * Envoy's least request, Peak EWMA with its default decay) on servers of speed 1 with exact
 * information (refresh 0), exponential work and unbounded queues, on the same
 * streams (xoshiro128** states from the seed's own xoshiro128**, seeded through splitmix64), the
 * same ziggurat (its tables built with the same log and exp, libm.ts's, not the C library's), the
 * same operations in the same order. So the same seed gives the same requests, latencies and sum
 * as the TypeScript and the kernel: the bench checks the mean latency agrees to the bit.
 *
 *   cc -O2 -o /tmp/flow scripts/bench-baselines/flow.c && /tmp/flow 100 p2c 2000000 1
 * runs 2 000 000 requests (the first fifth unmeasured) and prints
 * {"ms": <the loop, wall clock>, "cpuMs": <the same, CPU time>, "mean": <mean latency>,
 *  "hash": <FNV-1a of the measured latencies' bits, in order>}
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "xoshiro.h"

/* libm.ts: log and exp from + - * / and the bits of a double. */
static const double LN2_HI = 6.93147180369123816490e-1, LN2_LO = 1.90821492927058770002e-10;

static double bits_double(uint64_t b) { double x; memcpy(&x, &b, 8); return x; }
static uint64_t double_bits(double x) { uint64_t b; memcpy(&b, &x, 8); return b; }

static double lm_log(double x) {
  if (!(x > 0)) return x == 0 ? -INFINITY : NAN;
  if (x == INFINITY) return x;
  int k = 0;
  if (x < 2.2250738585072014e-308) { x *= 18014398509481984.0; k = -54; }
  uint64_t b = double_bits(x);
  uint32_t hi = (uint32_t)(b >> 32);
  k += (int)((hi >> 20) & 0x7ff) - 1023;
  double m = bits_double(((uint64_t)((hi & 0x000fffff) | 0x3ff00000) << 32) | (b & 0xffffffffULL));
  if (m > 2 * 0.7071067811865476) { m /= 2; k++; }
  double f = m - 1, s = f / (2 + f), z = s * s, p = 1.0 / 23;
  for (int j = 21; j >= 1; j -= 2) p = p * z + 1.0 / j;
  return k * LN2_HI + (k * LN2_LO + 2 * s * p);
}

static double pow2(int k) { return bits_double((uint64_t)(uint32_t)((k + 1023) << 20) << 32); }

static double lm_exp(double x) {
  if (x != x) return NAN;
  if (x > 709.782712893384) return INFINITY;
  if (x < -745.1332191019412) return 0;
  double kf = x / 0.6931471805599453;
  /* Math.round: halves up. */
  double up = ceil(kf);
  kf = up - 0.5 <= kf ? up : up - 1;
  double r = x - kf * LN2_HI - kf * LN2_LO, p = 1;
  for (int j = 15; j >= 1; j--) p = 1 + (p * r) / j;
  int k = (int)kf, k1 = k >> 1;
  return p * pow2(k1) * pow2(k - k1);
}

/* exponential.ts: Marsaglia and Tsang's ziggurat, 256 layers. */
static uint32_t ke[256];
static double we[256], fe[256];
static const double R = 7.69711747013105, V = 3.949659822581572e-3, SCALE = 16777216;

static void ziggurat(void) {
  double de = R, te = de, q = V / lm_exp(-de);
  ke[0] = (uint32_t)floor((de / q) * SCALE);
  ke[1] = 0;
  we[0] = q / SCALE;
  we[255] = de / SCALE;
  fe[0] = 1;
  fe[255] = lm_exp(-de);
  for (int i = 254; i >= 1; i--) {
    de = -lm_log(V / de + lm_exp(-de));
    ke[i + 1] = (uint32_t)floor((de / te) * SCALE);
    te = de;
    fe[i] = lm_exp(-de);
    we[i] = de / SCALE;
  }
}

static xo req, pol;

static double unit(void) {
  uint32_t a = xo_step(&req), b = xo_step(&req);
  return ((double)(a >> 5) * 67108864 + (double)(b >> 6) + 0.5) / 9007199254740992.0;
}

static double exponential(void) {
  uint32_t j = xo_step(&req), i = j & 255, r = j >> 8;
  if (r < ke[i]) return r * we[i];
  for (;;) {
    if (i == 0) return R - lm_log(unit());
    double x = r * we[i];
    if (fe[i] + unit() * (fe[i - 1] - fe[i]) < lm_exp(-x)) return x;
    j = xo_step(&req); i = j & 255; r = j >> 8;
    if (r < ke[i]) return r * we[i];
  }
}

enum { RANDOM, RR, SWRR, JSQ, P2C, LEAST_CONN, RANDOM_TWO, LEAST_REQUEST, PEAK_EWMA };

/* engine.ts: each server's departures in a ring buffer, drained lazily; Peak EWMA keeps each
   request's arrival beside its departure (`sent`), to observe its latency when it leaves. */
static uint32_t n, reject, reject_pair, cap = 16, rr_next;
static int policy;
static int32_t *in_system, *head;
static double *ring, *sent, *free_at, *current, *ewma, *stamp;
static double arrivals;
/* Peak EWMA's decay (flowParams' default) and first estimate (EWMA_START); nginx's 20 tries. */
static const double DECAY = 10, EWMA_START = 1;
enum { NGINX_TRIES = 20 };

/* pick.ts's observe: a latency above the estimate replaces it, one below pulls it in by 1 - e^(-elapsed/decay). */
static void observe(uint32_t i, double at, double rtt) {
  double elapsed = at - stamp[i];
  double w = lm_exp(-((elapsed > 0 ? elapsed : 0) / DECAY));
  double cost = ewma[i];
  ewma[i] = rtt > cost ? rtt : cost * w + rtt * (1 - w);
  stamp[i] = at;
}

static void drain(uint32_t i, double t) {
  int32_t c = in_system[i];
  if (c == 0) return;
  uint32_t h = head[i], mask = cap - 1;
  const double *base = ring + (size_t)i * cap;
  if (policy == PEAK_EWMA) {
    const double *from = sent + (size_t)i * cap;
    while (c > 0 && base[h] <= t) { observe(i, base[h], base[h] - from[h]); h = (h + 1) & mask; c--; }
  } else {
    while (c > 0 && base[h] <= t) { h = (h + 1) & mask; c--; }
  }
  head[i] = h;
  in_system[i] = c;
}

static double *unroll(const double *old) {
  double *fresh = calloc((size_t)n * cap * 2, sizeof(double));
  for (uint32_t i = 0; i < n; i++)
    for (int32_t k = 0; k < in_system[i]; k++) fresh[(size_t)i * cap * 2 + k] = old[(size_t)i * cap + ((head[i] + k) & (cap - 1))];
  return fresh;
}

static void grow(void) {
  double *fresh = unroll(ring);
  free(ring);
  ring = fresh;
  if (sent) { fresh = unroll(sent); free(sent); sent = fresh; }
  for (uint32_t i = 0; i < n; i++) head[i] = 0;
  cap *= 2;
}

/* A uniform integer in [0, k) with `rej` = 2^32 mod k (pick.ts's uniform and index). */
static inline uint32_t uniform(uint32_t k, uint32_t rej) {
  uint64_t m = (uint64_t)xo_step(&pol) * k;
  while ((uint32_t)m < rej) m = (uint64_t)xo_step(&pol) * k;
  return (uint32_t)(m >> 32);
}

static inline uint32_t uniform_index(void) { return uniform(n, reject); }

/* SWRR with every weight 1 (swrr.ts's pick). */
static uint32_t swrr_pick(void) {
  int64_t best = -1; double best_current = -INFINITY;
  for (uint32_t i = 0; i < n; i++) {
    double c = current[i] + 1;
    current[i] = c;
    if (c > best_current) { best = i; best_current = c; }
  }
  current[best] -= n;
  return (uint32_t)best;
}

/* nginx's least_conn tie-break (pick.ts's swrrAmongTied): a SWRR step among the servers tied with `best` only. */
static uint32_t swrr_among_tied(uint32_t best) {
  double total = 0;
  uint32_t first = best;
  for (uint32_t i = first; i < n; i++) {
    if (in_system[i] != in_system[first]) continue;
    current[i] += 1;
    total += 1;
    if (current[i] > current[best]) best = i;
  }
  current[best] -= total;
  return best;
}

/* Peak EWMA's load of server i at time t: the estimate decayed to t, times (active + 1). */
static double ewma_load(uint32_t i, double t) {
  observe(i, t, 0);
  return ewma[i] * (in_system[i] + 1);
}

/* All speeds 1: lighter(a, b) is in_system[a] < in_system[b]; SWRR's weights are all 1, and
   nginx's peek by weight is a uniform index (its ranges are 0, 1, ..., n - 1). */
static uint32_t choose(double t) {
  switch (policy) {
  case RANDOM: return uniform_index();
  case RR: { uint32_t i = rr_next; rr_next = i + 1 == n ? 0 : i + 1; return i; }
  case SWRR: return swrr_pick();
  case LEAST_CONN: {
    if (n == 1) return 0;
    for (uint32_t i = 0; i < n; i++) drain(i, t);
    uint32_t best = 0;
    int many = 0;
    for (uint32_t i = 1; i < n; i++) {
      if (in_system[i] < in_system[best]) { best = i; many = 0; }
      else if (in_system[i] == in_system[best]) many = 1;
    }
    return many ? swrr_among_tied(best) : best;
  }
  case RANDOM_TWO: {
    if (n == 1) return 0;
    uint32_t prev = uniform_index();
    for (int tries = 1;;) {
      uint32_t j = uniform_index();
      if (j != prev) {
        drain(prev, t);
        drain(j, t);
        /* The first only if strictly lighter: ties go to the second draw. */
        return in_system[j] > in_system[prev] ? prev : j;
      }
      if (++tries > NGINX_TRIES) return swrr_pick();
    }
  }
  case PEAK_EWMA: {
    if (n == 1) return 0;
    uint32_t a = uniform_index(), b = uniform(n - 1, reject_pair);
    if (b >= a) b++;
    drain(a, t);
    drain(b, t);
    double la = ewma_load(a, t), lb = ewma_load(b, t);
    return la <= lb ? a : b;
  }
  /* Envoy's least request on hosts of one weight is p2c, draw for draw: fewer active requests wins, the first on a tie. */
  case LEAST_REQUEST:
  case P2C: {
    int64_t best = -1;
    for (int k = 0; k < 2; k++) {
      uint32_t j = uniform_index();
      drain(j, t);
      if (best < 0 || in_system[j] < in_system[best]) best = j;
    }
    return (uint32_t)best;
  }
  default: {
    for (uint32_t i = 0; i < n; i++) drain(i, t);
    uint32_t start = (uint32_t)fmod(arrivals, n), best = start;
    for (uint32_t k = 1; k < n; k++) {
      uint32_t j = start + k;
      if (j >= n) j -= n;
      if (in_system[j] < in_system[best]) best = j;
    }
    return best;
  }
  }
}

int main(int argc, char **argv) {
  if (argc != 5) { fprintf(stderr, "usage: flow <servers> <random|rr|swrr|jsq|p2c|least_conn|random_two|least_request|peak_ewma> <requests> <seed>\n"); return 2; }
  n = (uint32_t)strtoul(argv[1], NULL, 10);
  const char *names[] = {"random", "rr", "swrr", "jsq", "p2c", "least_conn", "random_two", "least_request", "peak_ewma"};
  policy = -1;
  for (int p = 0; p < 9; p++) if (strcmp(argv[2], names[p]) == 0) policy = p;
  long requests = strtol(argv[3], NULL, 10);
  uint64_t seed = strtoull(argv[4], NULL, 10);
  if (n < 1 || policy < 0 || requests < 1) { fprintf(stderr, "flow: bad arguments\n"); return 2; }

  ziggurat();
  xo root;
  xo_seed(&root, seed);
  for (int w = 0; w < 4; w++) req.s[w] = xo_step(&root);
  for (int w = 0; w < 4; w++) pol.s[w] = xo_step(&root);
  reject = (uint32_t)((1ULL << 32) % n);
  reject_pair = n > 1 ? (uint32_t)((1ULL << 32) % (n - 1)) : 0;
  in_system = calloc(n, sizeof(int32_t));
  head = calloc(n, sizeof(int32_t));
  free_at = calloc(n, sizeof(double));
  current = calloc(n, sizeof(double));
  ring = calloc((size_t)n * cap, sizeof(double));
  if (policy == PEAK_EWMA) {
    sent = calloc((size_t)n * cap, sizeof(double));
    ewma = calloc(n, sizeof(double));
    stamp = calloc(n, sizeof(double));
    for (uint32_t i = 0; i < n; i++) ewma[i] = EWMA_START;
  }
  const double rate = 0.9 * n;
  long warmup = requests / 5;
  double now = 0, sum = 0;
  /* FNV-1a over each measured latency's bits (low word, then high): the bench compares it with the
     TypeScript's and the kernel's, so one last bit apart anywhere shows. */
  uint32_t hash = 2166136261u;

  double wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
  for (long q = 0; q < requests; q++) {
    double t = now + exponential() / rate;
    now = t;
    double work = exponential();
    uint32_t i = choose(t);
    drain(i, t);
    if ((uint32_t)in_system[i] == cap) grow();
    double start = t > free_at[i] ? t : free_at[i];
    double departure = start + work / 1.0;
    free_at[i] = departure;
    size_t at = (size_t)i * cap + ((head[i] + in_system[i]) & (cap - 1));
    ring[at] = departure;
    if (sent) sent[at] = t;
    in_system[i]++;
    arrivals += 1;
    if (q >= warmup) {
      double latency = departure - t;
      sum += latency;
      uint64_t b = double_bits(latency);
      hash = (hash ^ (uint32_t)b) * 16777619u;
      hash = (hash ^ (uint32_t)(b >> 32)) * 16777619u;
    }
  }
  wall = seconds(CLOCK_MONOTONIC) - wall;
  cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu;
  printf("{\"ms\": %.3f, \"cpuMs\": %.3f, \"mean\": %.17g, \"hash\": %u}\n", wall * 1e3, cpu * 1e3, sum / (double)(requests - warmup), hash);
  return 0;
}
