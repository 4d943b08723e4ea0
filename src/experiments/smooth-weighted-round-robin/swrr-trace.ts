import { letters, longestRun, swrr, trace } from '../../lib/swrr/index.ts';
import { checkSomeWeight, sumOf, weightsSpec } from './swrr-common.ts';
import type { CheckFailure, Experiment } from '../shared/types.ts';

export interface SwrrTraceParams extends Record<string, number | string | readonly number[]> {
  weights: readonly number[];
  names: string;
  rounds: number;
}

export interface SwrrTraceData {
  names: string[];
  weights: number[];
  total: number;
  rows: { round: number; added: number[]; picked: number; after: number[] }[];
}

export const MAX_NAME = 20;

/** Names are comma-separated (a Korean or Latin comma); blanks around them do not count. */
export function parseNames(text: string): string[] {
  return text.split(/[,，、]/).map((n) => n.trim());
}

/**
 * The article's table, computed: each round adds every weight to its node's current weight,
 * picks the highest, and takes the total off it. With 5, 3, 1 the ninth round ends at all zeros.
 */
export const swrrTrace: Experiment<SwrrTraceParams, SwrrTraceData, 'swrr-trace'> = {
  id: 'swrr.trace',
  summary: "smooth weighted round robin's picks round by round (the article's 5/3/1 table)",
  figures: ['swrr-trace'],
  // At most 60 rounds of 12 nodes, 200 rounds, 100 callers x 900 picks: always fast.
  cost: 'instant',
  primary: ['weights', 'rounds'],
  params: {
    weights: weightsSpec([5, 3, 1]),
    names: { kind: 'text', default: '철수, 영희, 민수', maxLength: 240, maxLines: 1 },
    rounds: { kind: 'int', default: 9, min: 1, max: 60 },
  },
  check(p): CheckFailure | null {
    const names = parseNames(p.names);
    if (names.length !== p.weights.length) {
      return { param: 'names', code: 'names-count', vars: { names: names.length, weights: p.weights.length }, message: `${names.length} names for ${p.weights.length} weights; give one name per weight, comma-separated` };
    }
    const bad = names.findIndex((n) => n === '' || n.length > MAX_NAME);
    if (bad >= 0) {
      return { param: 'names', code: 'name-length', vars: { index: bad + 1, max: MAX_NAME }, message: `name ${bad + 1} is empty or longer than ${MAX_NAME} characters` };
    }
    return checkSomeWeight(p.weights);
  },
  resultKind: (key) => (key === 'sequence' ? 'text' : key === 'zero.round' ? 'int-or-none' : 'int'),
  async run(p, ctx) {
    const s = swrr(p.weights);
    const rows = trace(s, p.rounds).map((r, i) => ({ round: i + 1, ...r }));
    const seq = rows.map((r) => r.picked);
    const zero = rows.findIndex((r) => r.after.every((c) => c === 0));
    ctx.progress(1);
    const data: SwrrTraceData = { names: parseNames(p.names), weights: [...p.weights], total: sumOf(p.weights), rows };
    return {
      results: {
        sequence: letters(seq),
        total: data.total,
        'zero.round': zero + 1,
        'longest.run': longestRun(seq),
      },
      data,
    };
  },
};
