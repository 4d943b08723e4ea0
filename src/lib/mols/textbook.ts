import { mod } from './latin.ts';

/**
 * The textbook router, as the article's first implementation read the formula: the client's row
 * is i = h mod n, and relay j (relays in hash order) scores L1(i, j)·n + L2(i, j), with
 * L_m(i, j) = (m·i + j) mod n. Highest score first.
 *
 * The score is lexicographic, and L1 has no ties along a row of a Latin square, so L2 (the
 * orthogonal square) never changes the order: the primary is the j with L1 = n − 1 and the backup
 * the j with L1 = n − 2, always the primary's left neighbour. That is the article's "100% on one
 * backup" — not bad luck, but the formula.
 */
export function textbookRow(h: number, n: number): number {
  return h % n;
}

export function textbookScore(row: number, j: number, n: number, m1: number, m2: number): number {
  return mod(m1 * row + j, n) * n + mod(m2 * row + j, n);
}

/** Relays 0 … n−1 in the order the textbook score ranks them for one client. */
export function textbookRank(h: number, n: number, m1 = 3, m2 = 5): number[] {
  const row = textbookRow(h, n);
  const order = Array.from({ length: n }, (_, j) => j);
  const score = order.map((j) => textbookScore(row, j, n, m1, m2));
  return order.sort((x, y) => score[y] - score[x] || x - y);
}
