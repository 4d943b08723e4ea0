import type { SchemeId } from '../../lib/placement/scheme.ts';
import { checkPoints, labOptions, labParams } from './lab-compare.ts';
import type { LabSchemeParams } from './lab-compare.ts';
import { counts } from '../../lib/stats/dispersion.ts';
import { checkCommon, hashKeys, KEY_HASH_WORK, lookupAll, nodeNames, parseSchemes, passWork, perKeyWork, SCHEMES } from './lab-common.ts';
import { meter } from '../shared/meter.ts';
import type { Experiment, ResultKind } from '../shared/types.ts';

export interface LabWeightsParams extends LabSchemeParams {
  weights: readonly number[];
}

export interface LabWeightsRow {
  id: SchemeId;
  /** 'native' when the algorithm has weights, 'emulated' when the lab builds them (jump, multi-probe). */
  how: 'native' | 'emulated';
  /** Each node's share of the keys. */
  shares: number[];
  /** The largest |share / target - 1| over the nodes. */
  maxError: number;
}

export interface LabWeightsData {
  weights: number[];
  /** w_i / W. */
  targets: number[];
  keys: number;
  /** The relative standard deviation sampling alone gives the lightest node: sqrt((1 - p) / (p keys)). */
  noise: number;
  rows: LabWeightsRow[];
}

/**
 * Weighted placement: nodes with the given weights, the share of keys each scheme gives each
 * node against its weight's share. Jump and multi-probe have no weights in their papers; the lab
 * gives jump w consecutive buckets per node and multi-probe w points per node, and says so.
 */
export const labWeights: Experiment<LabWeightsParams, LabWeightsData, 'lab-weights'> = {
  id: 'lab.weights',
  summary: "weighted placement: each node's share of keys against its weight's share",
  figures: ['lab-weights'],
  cost: {
    work: (p) => {
      const schemes = parseSchemes(String(p.schemes));
      if (!Array.isArray(schemes)) return 0;
      // Weighted rendezvous takes a logarithm per node and key, about four plain scores.
      const nodes = p.weights.length;
      return p.keys * KEY_HASH_WORK + passWork(schemes, p.keys, nodes, p.probes, 1) + (schemes.includes('rendezvous') ? 3 * p.keys * nodes : 0);
    },
    knob: 'keys',
    secondsPerUnit: 2.00e-8,
    probes: { calibrate: { keys: '300000' }, check: { keys: '200000', weights: '1,2,3,4,5,6,7,8', schemes: 'rendezvous, ring-nginx' } },
    slow: { keys: '1000000' },
  },
  primary: ['weights', 'schemes'],
  params: {
    weights: { kind: 'int-list', default: [1, 2, 3, 4], min: 1, max: 100, maxItems: 32, distinct: false },
    ...labParams,
  },
  check(p) {
    const schemes = parseSchemes(p.schemes);
    if (!Array.isArray(schemes)) return schemes;
    const total = p.weights.reduce((a, b) => a + b, 0);
    return checkCommon({ M: p.M, nodes: p.weights.length }, schemes, passWork(schemes, p.keys, p.weights.length, p.probes, 1)) ?? checkPoints(total * p.V);
  },
  resultKind(key): ResultKind {
    return key.startsWith('error.') || key === 'noise' ? 'percent' : 'decimal';
  },
  async run(p, ctx) {
    const ids = parseSchemes(p.schemes) as SchemeId[];
    const weights = [...p.weights];
    const n = weights.length;
    const total = weights.reduce((a, b) => a + b, 0);
    const targets = weights.map((w) => w / total);
    const work = ids.map((id) => perKeyWork(id, n, p.probes));
    const m = meter(p.keys + p.keys * work.reduce((a, b) => a + b, 0), ctx);
    const hashes = await hashKeys(p.keys, p.seed, m);
    const names = nodeNames(n, p.seed);
    const options = labOptions(p);
    const rows: LabWeightsRow[] = [];
    for (const [k, id] of ids.entries()) {
      const scheme = SCHEMES[id];
      const placement = scheme.build(names, weights, options);
      const c = counts((await lookupAll(placement, hashes, m, work[k])).owners, n);
      const shares = Array.from(c, (v) => v / p.keys);
      rows.push({ id, how: scheme.weights, shares, maxError: Math.max(...shares.map((s, i) => Math.abs(s / targets[i] - 1))) });
    }
    const lightest = Math.min(...targets);
    const data: LabWeightsData = { weights, targets, keys: p.keys, noise: Math.sqrt((1 - lightest) / (lightest * p.keys)), rows };
    const results: Record<string, number> = { noise: data.noise };
    for (const r of rows) results[`error.${r.id}`] = r.maxError;
    return { results, data };
  },
};
