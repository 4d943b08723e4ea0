import { lookup, murmur3, nginxKeyHash, utf8 } from '../../lib/hashing/index.ts';
import { movedSpace, predictedMoved, usesNewRing } from '../../lib/ketama/index.ts';
import type { Experiment, ResultKind } from '../shared/types.ts';
import { meteredSchemeRing, pointLimit } from './ketama-work.ts';
import { meter } from '../shared/meter.ts';

export interface KetamaMigrationParams extends Record<string, number | string | readonly number[]> {
  nodes: number;
  old: number;
  new: number;
  keys: number;
  p: number;
  seed: number;
}

export interface KetamaMigrationData {
  p: number;
  /** Share of keys whose server differs between the rings. */
  moved: number;
  formula: number;
  /** Cache misses (keys served by a server that has not seen them) against the rollout p. */
  curve: { p: number; misses: number }[];
}

const CHUNK = 1 << 14;
const CURVE_STEPS = 20;

/**
 * Moving a fleet from `old` to `new` points per server (nginx CRC chains, so the new ring's points
 * are the first links of the old chains). A request takes the new ring when a second, independent
 * hash of its key (murmur3) falls below p x 2^32: the choice is stable per key, and lowering p
 * sends exactly the keys back that raising it moved.
 */
export const ketamaMigration: Experiment<KetamaMigrationParams, KetamaMigrationData, 'ketama-migration'> = {
  id: 'ketama.migration',
  summary: 'rolling a ring change out by a stable request hash: requests that move',
  figures: ['ketama-migration'],
  cost: {
    work: (p) => p.nodes * (p.old + p.new) + 4 * p.keys,
    knob: 'keys',
    secondsPerUnit: 4.59e-7,
    probes: { calibrate: { nodes: '500', keys: '100000' }, check: { nodes: '100', old: '500', new: '50', keys: '100000' } },
    // 4096 servers x 916 points and 500 000 keys through two rings.
    slow: { nodes: '4096', old: '900', keys: '500000' },
  },
  primary: ['old', 'new', 'p'],
  params: {
    nodes: { kind: 'int', default: 100, min: 2, max: 4096 },
    old: { kind: 'int', default: 160, min: 1, max: 1000 },
    new: { kind: 'int', default: 16, min: 1, max: 1000 },
    keys: { kind: 'int', default: 20_000, min: 1000, max: 500_000 },
    p: { kind: 'number', default: 0.25, min: 0, max: 1, slider: true, step: 0.01 },
    seed: { kind: 'int', default: 0, min: 0, max: 50_000 },
  },
  check(p) {
    return pointLimit('old', p.nodes * (p.old + p.new), 4_000_000, 'nodes × (old + new)', 'the points or the nodes');
  },
  resultKind(key): ResultKind {
    return key === 'rollback.keys' ? 'int' : 'percent';
  },
  async run(p, ctx) {
    const bar = meter(p.nodes * (p.old + p.new) + 2 * p.keys, ctx);
    // nginx's rings of the fleet 10.a.b.c:port (serverName), weight 1: p.old and p.new points each.
    const oldRing = await meteredSchemeRing('nginx', p.nodes, p.old, p.seed, bar);
    const newRing = await meteredSchemeRing('nginx', p.nodes, p.new, p.seed, bar);

    // Each key's server in three states, looked up afresh in each: before the rollout (p = 0),
    // at p, and after rolling back to 0. A key misses when it lands on a server other than the one
    // that has been caching it.
    const serverAt = (keyHash: number, decisionHash: number, q: number): number =>
      lookup(usesNewRing(decisionHash, q) ? newRing : oldRing, keyHash);
    const movedKeys = new Uint8Array(p.keys);
    const decision = new Float64Array(p.keys);
    let moved = 0;
    let misses = 0;
    let back = 0;
    let same = 0;
    for (let start = 0; start < p.keys; start += CHUNK) {
      const end = Math.min(p.keys, start + CHUNK);
      for (let i = start; i < end; i++) {
        const key = `/object/${p.seed}/${i}`;
        const h = nginxKeyHash(key);
        const d = murmur3(utf8(key));
        decision[i] = d;
        if (lookup(oldRing, h) !== lookup(newRing, h)) {
          movedKeys[i] = 1;
          moved++;
        }
        const before = serverAt(h, d, 0);
        const during = serverAt(h, d, p.p);
        const after = serverAt(h, d, 0);
        const out = during !== before;
        const returns = after !== during;
        if (out) misses++;
        if (returns) back++;
        if (returns && out && after === before) same++;
      }
      await bar.advance(end - start);
    }

    const curve: { p: number; misses: number }[] = [];
    for (let s = 0; s <= CURVE_STEPS; s++) {
      const q = s / CURVE_STEPS;
      let count = 0;
      for (let i = 0; i < p.keys; i++) if (movedKeys[i] === 1 && usesNewRing(decision[i], q)) count++;
      curve.push({ p: q, misses: count / p.keys });
    }
    await bar.advance(p.keys);

    const data: KetamaMigrationData = { p: p.p, moved: moved / p.keys, formula: predictedMoved(p.nodes, p.old, p.new), curve };
    return {
      results: {
        moved: moved / p.keys,
        'moved.space': movedSpace(oldRing, newRing),
        'moved.formula': data.formula,
        misses: misses / p.keys,
        'rollback.keys': back,
        'rollback.same': back === 0 ? 1 : same / back,
      },
      data,
    };
  },
};
