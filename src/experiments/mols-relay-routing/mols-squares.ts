import { checkPair, cyclicSquare, orthogonalPairExists, type PairCheck } from '../../lib/mols/index.ts';
import { abortError, pause } from '../shared/pause.ts';
import type { Experiment } from '../shared/types.ts';

export interface MolsSquaresParams extends Record<string, number | string | readonly number[]> {
  n: number;
  a: number;
  b: number;
}

export interface MolsSquaresData {
  n: number;
  a: number;
  b: number;
  /** Row-major symbols of L_a and L_b. */
  left: number[];
  right: number[];
  /** For every cell, how many cells share its pair (L_a, L_b): 1 everywhere when orthogonal. */
  multiplicity: number[];
  check: Omit<PairCheck, 'n' | 'a' | 'b'>;
  /** Whether an orthogonal pair of order n exists at all, by any construction (false for 2 and 6). */
  exists: boolean;
}

/**
 * Two cyclic squares L_a(i, j) = (a·i + j) mod n and L_b side by side, and the orthogonality check
 * over all n² cells: every ordered pair of symbols must appear exactly once. When it fails, the gcds
 * say why.
 */
export const molsSquares: Experiment<MolsSquaresParams, MolsSquaresData, 'mols-squares'> = {
  id: 'mols.squares',
  summary: 'two cyclic Latin squares and the check that they are orthogonal (and the gcds when not)',
  figures: ['mols-squares'],
  // At most 16 x 16 cells: always fast.
  cost: 'instant',
  primary: ['n', 'a', 'b'],
  params: {
    n: { kind: 'int', default: 7, min: 2, max: 16 },
    a: { kind: 'int', default: 3, min: 1, max: 64 },
    b: { kind: 'int', default: 5, min: 1, max: 64 },
  },
  resultKind: (key) => (key === 'orthogonal' ? 'yes-no' : 'int'),
  async run(p, { signal }) {
    await pause();
    if (signal.aborted) throw abortError();
    const { n, a, b } = p;
    const left = Array.from(cyclicSquare(n, a));
    const right = Array.from(cyclicSquare(n, b));
    const count = new Map<number, number>();
    for (let c = 0; c < n * n; c++) count.set(left[c] * n + right[c], (count.get(left[c] * n + right[c]) ?? 0) + 1);
    const multiplicity = left.map((s, c) => count.get(s * n + right[c])!);
    const { n: _n, a: _a, b: _b, ...check } = checkPair(n, a, b);
    const results = {
      distinct_pairs: check.distinctPairs,
      cells: n * n,
      orthogonal: check.orthogonal ? 1 : 0,
      'gcd.a': check.gcdA,
      'gcd.b': check.gcdB,
      'gcd.diff': check.gcdDiff,
    };
    const data: MolsSquaresData = { n, a, b, left, right, multiplicity, check, exists: orthogonalPairExists(n) };
    return { results, data };
  },
};
