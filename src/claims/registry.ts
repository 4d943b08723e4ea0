import type { ParamValue, ResultKind } from '../experiments/types.ts';

/**
 * Every number a chapter quotes from its article: the article's value, the run that reproduces
 * it, and how close the run must come. The prose quotes these through <Claim>, the terminal
 * prints them with `npm run reproduce`, and the tests fail when one leaves its tolerance.
 */
export interface Claim {
  id: string;
  chapter: string;
  /** The value as the article states it. */
  article: number;
  /** The run that reproduces it; a claim that is plain arithmetic (ln 2 / ln 3) has none. */
  experiment?: string;
  params?: Record<string, ParamValue>;
  /** The result key read, or, with `derive`, a name for what is derived from the results. */
  key: string;
  /** For a number the article derives from others (a difference, a ratio): how, from the run's results. */
  derive?: (results: Record<string, number | string>) => number;
  /** Fraction digits to show in prose (the article's precision); integers and the kind's default otherwise. */
  digits?: number;
  /** Largest |reproduced − article| still counted as agreeing; 0 means exactly. */
  tolerance: number;
  kind: ResultKind;
  note: string;
  /** Set when the article's number is known not to hold: why (shown as the verdict). */
  articleIsWrong?: string;
}

const chapter1 = 'power-of-two-choices';

const grid = (d: number, article: number): Claim => ({
  id: `grid.d${d}`,
  chapter: chapter1,
  article,
  experiment: 'balls.grid',
  params: { side: 30, choices: [1, 2], seed: 7, generator: 'cpython' },
  key: `max.d${d}`,
  tolerance: 0,
  kind: 'int',
  note: `Figure 1: 900 balls into a 30 x 30 grid of bins, d = ${d}, CPython's random.Random(7)`,
});

/** Figure 2: the article's series, d = 1, 2, 3 at n = 10^3 ... 10^7, seed 7. */
const growthSeries: Record<number, number[]> = { 1: [6, 7, 8, 9, 10], 2: [3, 3, 3, 4, 4], 3: [2, 3, 3, 3, 3] };
const growth: Claim[] = Object.entries(growthSeries).flatMap(([d, values]) =>
  values.map((article, i) => ({
    id: `growth.d${d}.n1e${i + 3}`,
    chapter: chapter1,
    article,
    experiment: 'balls.growth',
    params: { from: 3, to: 7, choices: [1, 2, 3], seed: 7, generator: 'cpython', seeds: 1 },
    key: `max.d${d}.n${10 ** (i + 3)}`,
    tolerance: 0,
    kind: 'int' as const,
    note: `Figure 2: max load at n = 10^${i + 3}, d = ${d}, CPython's random.Random(7)`,
  })),
);

export const claims: Claim[] = [
  {
    id: 'balls.1e5.d1',
    chapter: chapter1,
    article: 8,
    experiment: 'balls.maxload',
    params: { n: 100_000, choices: [1, 2], seed: 7, generator: 'cpython' },
    key: 'max.d1',
    tolerance: 0,
    kind: 'int',
    note: 'the article’s program, n = 100 000, d = 1, CPython’s random.Random(7)',
  },
  {
    id: 'balls.1e5.d2',
    chapter: chapter1,
    article: 3,
    experiment: 'balls.maxload',
    params: { n: 100_000, choices: [1, 2], seed: 7, generator: 'cpython' },
    key: 'max.d2',
    tolerance: 0,
    kind: 'int',
    note: 'the article’s program, n = 100 000, d = 2, CPython’s random.Random(7)',
  },
  {
    id: 'balls.1e6.d1',
    chapter: chapter1,
    article: 9,
    experiment: 'balls.maxload',
    params: { n: 1_000_000, choices: [1, 2], seed: 7, generator: 'cpython' },
    key: 'max.d1',
    tolerance: 0,
    kind: 'int',
    note: '10^6 balls into 10^6 bins, one random bin each (the article’s headline “9”)',
  },
  {
    id: 'balls.1e6.d2',
    chapter: chapter1,
    article: 4,
    experiment: 'balls.maxload',
    params: { n: 1_000_000, choices: [1, 2], seed: 7, generator: 'cpython' },
    key: 'max.d2',
    tolerance: 0,
    kind: 'int',
    note: '10^6 balls, the less loaded of two random bins (the article’s headline “4”)',
  },
  grid(1, 6),
  grid(2, 3),
  ...growth,
  {
    id: 'order.ratio.d3d2',
    chapter: chapter1,
    article: 0.63,
    key: 'ln 2 / ln 3',
    derive: () => Math.LN2 / Math.log(3),
    tolerance: 0.005,
    digits: 2,
    kind: 'decimal',
    note: 'going from d = 2 to d = 3 scales ln ln n / ln d by ln 2 / ln 3',
  },
];

export function claim(id: string): Claim {
  const c = claims.find((x) => x.id === id);
  if (!c) throw new Error(`no claim "${id}"`);
  return c;
}
