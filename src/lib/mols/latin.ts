/** Greatest common divisor of two non-negative integers. */
export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}

/** x mod n in [0, n), for negative x too. */
export function mod(x: number, n: number): number {
  const r = x % n;
  return r < 0 ? r + n : r;
}

/**
 * The cyclic square of order n with multiplier a: L_a(i, j) = (a·i + j) mod n, row-major. For a
 * prime n this is the square a·i + j over GF(n), and L_1 … L_(n−1) are n − 1 mutually orthogonal
 * Latin squares, a complete set.
 */
export function cyclicSquare(n: number, a: number): Uint16Array {
  const out = new Uint16Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i * n + j] = mod(a * i + j, n);
  return out;
}

/** The first repeated symbol in a row or column of a square, or null when it is Latin. */
export interface LatinFault {
  /** 'column': column `index` holds `symbol` at rows `at[0]` and `at[1]` (rows of a cyclic square never repeat). */
  line: 'row' | 'column';
  index: number;
  symbol: number;
  at: [number, number];
}

export function latinFault(square: Uint16Array, n: number): LatinFault | null {
  const seen = new Int32Array(n);
  for (const line of ['row', 'column'] as const) {
    for (let index = 0; index < n; index++) {
      seen.fill(-1);
      for (let k = 0; k < n; k++) {
        const s = line === 'row' ? square[index * n + k] : square[k * n + index];
        if (seen[s] >= 0) return { line, index, symbol: s, at: [seen[s], k] };
        seen[s] = k;
      }
    }
  }
  return null;
}

/**
 * Why a pair of cyclic squares (a, b) of order n is or is not an orthogonal pair. Checked cell by
 * cell over all n² positions, and explained by the gcds that decide it: L_a is Latin iff
 * gcd(a, n) = 1, and two Latin cyclic squares are orthogonal iff gcd(a − b, n) = 1, because the
 * cells where the pair (L_a, L_b) repeats are the solutions of (a − b)·Δi ≡ 0 (mod n).
 */
export interface PairCheck {
  n: number;
  a: number;
  b: number;
  /** gcd(a, n), gcd(b, n), gcd(a − b, n). */
  gcdA: number;
  gcdB: number;
  gcdDiff: number;
  latinA: LatinFault | null;
  latinB: LatinFault | null;
  /** Distinct ordered pairs (L_a(i,j), L_b(i,j)) among the n² cells; n² exactly when orthogonal. */
  distinctPairs: number;
  /** The first pair that appears twice, and the two cells (row-major indices) it appears in. */
  repeat: { pair: [number, number]; cells: [number, number] } | null;
  orthogonal: boolean;
  /** Why not: the first failing condition, or null. */
  reason: 'a-not-latin' | 'b-not-latin' | 'same-multiplier' | 'difference-not-unit' | null;
}

export function checkPair(n: number, a: number, b: number): PairCheck {
  const A = cyclicSquare(n, a);
  const B = cyclicSquare(n, b);
  const first = new Int32Array(n * n).fill(-1);
  let distinctPairs = 0;
  let repeat: PairCheck['repeat'] = null;
  for (let c = 0; c < n * n; c++) {
    const p = A[c] * n + B[c];
    if (first[p] < 0) {
      first[p] = c;
      distinctPairs++;
    } else if (!repeat) repeat = { pair: [A[c], B[c]], cells: [first[p], c] };
  }
  const latinA = latinFault(A, n);
  const latinB = latinFault(B, n);
  const orthogonal = distinctPairs === n * n && !latinA && !latinB;
  const gcdDiff = gcd(a - b, n);
  let reason: PairCheck['reason'] = null;
  if (latinA) reason = 'a-not-latin';
  else if (latinB) reason = 'b-not-latin';
  else if (!orthogonal) reason = mod(a - b, n) === 0 ? 'same-multiplier' : 'difference-not-unit';
  return { n, a, b, gcdA: gcd(a, n), gcdB: gcd(b, n), gcdDiff, latinA, latinB, distinctPairs, repeat, orthogonal, reason };
}

/**
 * Whether any pair of orthogonal Latin squares of order n exists, by any construction. Every order
 * but 2 and 6 has one: 6 is Euler's 36 officers, settled by Tarry's exhaustive search (1900);
 * Bose, Shrikhande and Parker (1959–60) built pairs for every other n ≡ 2 (mod 4). Order 1 is
 * trivial.
 */
export function orthogonalPairExists(n: number): boolean {
  return n !== 2 && n !== 6;
}

/** Whether the cyclic construction mod n yields an orthogonal pair: a, b and a − b all units. */
export function cyclicPairValid(n: number, a: number, b: number): boolean {
  return gcd(a, n) === 1 && gcd(b, n) === 1 && gcd(a - b, n) === 1;
}
