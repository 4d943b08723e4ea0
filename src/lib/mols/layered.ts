import { cyclicPairValid, gcd, mod } from './latin.ts';

/**
 * The geometry layer of the article's layered router (portal-tunnel PR #354), and one change of
 * ours. Relays are numbered 0 … n−1 in hash order; a client with identity h stands at
 * row = h mod n, col = (h >>> 16) mod n of the grid, and aims at two targets:
 *   t1 = (m1·row + col) mod n   (the primary),   t2 = (m2·row + col) mod n   (the backup).
 * Every relay j scores 2n²·[j = t1] + n²·[j = t2] + (n − d1)·n + (n − d2) + 1 with
 * d = (j − t) mod n, so the order is t1, then t2, then t1's clockwise successors.
 *
 * Why one backup takes 2/n of a dead relay's clients: for the clients of relay t1, the backup is
 * t1 + (m2 − m1)·row. Rows 1 … n−1 spread that evenly over the other relays, but row 0 gives
 * t2 = t1 (the two squares agree on row 0, as any two cyclic squares do), and those clients fall
 * through to t1 + 1, which already takes one row's share: 2/n of them, against an ideal 1/(n − 1).
 *
 * The 'rows' design, ours: stand clients only on rows 1 … n−1 (row = 1 + h mod (n − 1)). Then
 * (row, (m2 − m1)·row) meets every non-zero offset exactly once, so a dead relay's clients spread
 * 1/(n − 1) to each survivor. All it needs is m1 and m2 − m1 to be units mod n, which even n
 * allows (m1 = 1, m2 = 2), where no orthogonal pair mod n exists.
 */
export type LayeredDesign = 'article' | 'rows';

export interface LayeredGrid {
  n: number;
  m1: number;
  m2: number;
  design: LayeredDesign;
  /** True when the article's design had no valid pair and fell back to one square (m1 = m2 = 1). */
  single: boolean;
}

/**
 * The multipliers: the article's base pair (3, 5), then its variant (7, 11), then the smallest valid
 * pair (our choice: the article does not say what happens when neither fits, e.g. n = 21). For the
 * article's design a pair needs m1, m2 and m1 − m2 to be units mod n; for even n none exists and
 * it falls back to a single square, (1, 1). The 'rows' design needs only m1 and m2 − m1 to be units.
 * (The article also switches to the variant when the relays' RTT spread is high; that changes
 * nothing about shares, and this site does not model it.)
 */
export function layeredGrid(n: number, design: LayeredDesign = 'article'): LayeredGrid {
  const ok = (a: number, b: number) => (design === 'article' ? cyclicPairValid(n, a, b) : gcd(a, n) === 1 && gcd(b - a, n) === 1);
  for (const [m1, m2] of [[3, 5], [7, 11]]) if (ok(m1, m2)) return { n, m1, m2, design, single: false };
  for (let m1 = 1; m1 < Math.max(n, 2); m1++) {
    for (let m2 = m1 + 1; m2 < m1 + n; m2++) if (ok(m1, m2)) return { n, m1, m2, design, single: false };
  }
  return { n, m1: 1, m2: 1, design, single: true };
}

export function layeredCell(h: number, g: LayeredGrid): { row: number; col: number } {
  const { n } = g;
  const row = g.design === 'rows' && n > 1 ? 1 + (h % (n - 1)) : h % n;
  return { row, col: (h >>> 16) % n };
}

export function cellTargets(row: number, col: number, g: LayeredGrid): [number, number] {
  return [mod(g.m1 * row + col, g.n), mod(g.m2 * row + col, g.n)];
}

export function targets(h: number, g: LayeredGrid): [number, number] {
  const { row, col } = layeredCell(h, g);
  return cellTargets(row, col, g);
}

/** The dual-target score of relay j (higher first); distinct for distinct j. */
export function dualTargetScore(j: number, t1: number, t2: number, n: number): number {
  const d1 = mod(j - t1, n);
  const d2 = mod(j - t2, n);
  return 2 * n * n * (j === t1 ? 1 : 0) + n * n * (j === t2 ? 1 : 0) + (n - d1) * n + (n - d2) + 1;
}

/**
 * Relays 0 … n−1 ranked for one client. `mirror` is the article's "latency reorder": when the
 * pool's mean RTT passes 500 ms, relay j is scored maxScore − score(n − 1 − j). No relay's own
 * latency enters it; it reshuffles the order deterministically, and that is all.
 */
export function layeredRank(h: number, g: LayeredGrid, mirror = false): number[] {
  return rankTargets(targets(h, g), g.n, mirror);
}

export function rankTargets([t1, t2]: [number, number], n: number, mirror = false): number[] {
  const score = new Float64Array(n);
  for (let j = 0; j < n; j++) score[j] = dualTargetScore(j, t1, t2, n);
  const top = 3 * n * n + n * n + 1;
  const ranked = mirror ? Array.from(score, (_, j) => top - score[n - 1 - j]) : Array.from(score);
  return Array.from({ length: n }, (_, j) => j).sort((x, y) => ranked[y] - ranked[x] || x - y);
}
