import { counts as tally } from '../stats/dispersion.ts';

/** Measures of a pick sequence: how bursty it is and how the picks split. */

/** The longest run of one node picked back to back. */
export function longestRun(seq: ArrayLike<number>): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < seq.length; i++) {
    run = i > 0 && seq[i] === seq[i - 1] ? run + 1 : 1;
    if (run > best) best = run;
  }
  return best;
}

/** Picks per node, as a plain array (results are plain data). */
export function counts(seq: ArrayLike<number>, nodes: number): number[] {
  return Array.from(tally(seq, nodes));
}

/**
 * The longest stretch between two picks of `node`, counting the wrap from its last pick back to
 * its first when the sequence is one period of a cycle (`cyclic`): picks strictly in between,
 * plus one. Infinity when the node is never picked.
 */
export function maxGap(seq: ArrayLike<number>, node: number, cyclic = false): number {
  let first = -1;
  let last = -1;
  let gap = 0;
  for (let i = 0; i < seq.length; i++) {
    if (seq[i] !== node) continue;
    if (last >= 0) gap = Math.max(gap, i - last);
    else first = i;
    last = i;
  }
  if (first < 0) return Infinity;
  if (cyclic) gap = Math.max(gap, seq.length - last + first);
  return gap;
}

/** A for node 0, B for node 1, …, Z, then a, b, … (52 letters). */
export function letter(node: number): string {
  return node < 26 ? String.fromCharCode(65 + node) : String.fromCharCode(97 + node - 26);
}

export function letters(seq: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < seq.length; i++) s += letter(seq[i]);
  return s;
}
