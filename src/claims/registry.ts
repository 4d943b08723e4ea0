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
];

export function claim(id: string): Claim {
  const c = claims.find((x) => x.id === id);
  if (!c) throw new Error(`no claim "${id}"`);
  return c;
}
