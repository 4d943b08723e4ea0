import type { Claim } from './types.ts';

const chapter5 = 'smooth-weighted-round-robin';

/** How many times node `node` (0 = A) appears in a run's `sequence`. */
const picksOf = (node: number) => (r: Record<string, number | string>) => [...String(r.sequence)].filter((c) => c === String.fromCharCode(65 + node)).length;

const swrrTraceClaim = (id: string, weights: number[], rounds: number, node: number, article: number, note: string): Claim => ({
  id,
  chapter: chapter5,
  article,
  experiment: 'swrr.trace',
  params: { weights, names: weights.map((_, i) => String.fromCharCode(97 + i)).join(','), rounds },
  key: `picks of ${String.fromCharCode(65 + node)} in sequence`,
  derive: picksOf(node),
  tolerance: 0,
  kind: 'int',
  note,
});

export const swrr: Claim[] = [
  swrrTraceClaim('swrr.trace.a', [5, 3, 1], 9, 0, 5, 'the nine-round table, weights 5, 3, 1: the first inspector is picked 5 times'),
  swrrTraceClaim('swrr.trace.b', [5, 3, 1], 9, 1, 3, 'the nine-round table: the second inspector is picked 3 times'),
  swrrTraceClaim('swrr.trace.c', [5, 3, 1], 9, 2, 1, 'the nine-round table: the third inspector is picked once'),
  {
    id: 'swrr.trace.zero',
    chapter: chapter5,
    article: 9,
    experiment: 'swrr.trace',
    params: {},
    key: 'zero.round',
    tolerance: 0,
    kind: 'int',
    note: 'every current weight is back at 0 after round 9, the total weight',
  },
  {
    id: 'swrr.wrr.run.5',
    chapter: chapter5,
    article: 5,
    experiment: 'swrr.compare',
    params: { weights: [5, 1] },
    key: 'wrr.run',
    tolerance: 0,
    kind: 'int',
    note: 'burst WRR at 5:1 gives A five times in a row (A, A, A, A, A, B)',
  },
  {
    id: 'swrr.wrr.run.10',
    chapter: chapter5,
    article: 10,
    experiment: 'swrr.compare',
    params: { weights: [10, 1] },
    key: 'wrr.run',
    tolerance: 0,
    kind: 'int',
    note: 'burst WRR with a weight of 10: ten in a row',
  },
  swrrTraceClaim('swrr.test.ratio', [5, 1], 6, 0, 5, 'test 1: weights 5:1, 6 picks, A exactly 5 times'),
  swrrTraceClaim('swrr.test.equal', [1, 1, 1], 9, 0, 3, 'test 2: weights 1:1:1, 9 picks, 3 each (A shown; B and C are asserted by swrr.tests)'),
  {
    id: 'swrr.test.smooth',
    chapter: chapter5,
    article: 2,
    experiment: 'swrr.trace',
    params: { weights: [2, 1], names: 'a,b', rounds: 12 },
    key: 'longest.run',
    tolerance: 0,
    kind: 'int',
    note: 'test 3: weights 2:1, 12 picks, never more than 2 in a row (the longest run is exactly 2)',
  },
  {
    id: 'swrr.cache.ttl',
    chapter: chapter5,
    article: 60,
    key: 'CACHE_TTL_SECONDS',
    tolerance: 0,
    kind: 'int',
    note: 'how long the article\u2019s service caches the list of reviewers, in seconds',
    uncheckable: 'a setting of the article\u2019s service; the page models a refresh (a restart of the current weights), not its period',
  },
];
