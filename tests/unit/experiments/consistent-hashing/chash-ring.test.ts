import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chashRing, type RingData } from '../../../../src/experiments/consistent-hashing/chash-ring.ts';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';

const quiet = () => ({ progress: () => {}, signal: new AbortController().signal });

/** The segment a key at this angle falls in: (from, from + span], clockwise. */
function segmentOf(data: RingData, angle: number) {
  return data.segments.find((s) => {
    const d = (angle - s.from + 360) % 360;
    return (d > 0 && d <= s.span) || (d === 0 && s.span === 360);
  })!;
}

const run = async (nodes: number, vnodes: number, change: string, keys: number, hand: { at?: number; leave?: number } = {}) => {
  const { results, data } = await chashRing.run({ nodes, vnodes, change, keys, at: hand.at ?? 0, leave: hand.leave ?? 0 }, quiet());
  return { results, data: data as RingData };
};

describe('chash.ring', () => {
  it('runs with its defaults: 4 nodes, 3 points each, add n4, 200 keys', async () => {
    const { params, output } = await runExperiment('chash.ring');
    expect(params).toEqual({ nodes: 4, vnodes: 3, change: 'add', keys: 200, at: 0, leave: 0 });
    const data = output.data as RingData;
    expect(data.names).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    expect(data.before.points).toHaveLength(12);
    expect(data.after.points).toHaveLength(15);
    expect(output.results['ideal.fraction']).toBeCloseTo(1 / 5);
    expect(output.results['moved.fraction']).toBe((output.results['moved.keys'] as number) / 200);
    expect(output.results['arcs.changed']).toBe(3);
  });

  it('adding moves keys only onto the new node; removing moves only the removed node’s keys', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 16 }), fc.integer({ min: 10, max: 500 }), async (nodes, vnodes, keys) => {
        const added = await run(nodes, vnodes, 'add', keys);
        for (const k of added.data.keys) {
          expect(k.moved).toBe(k.before !== k.after);
          if (k.moved) expect(k.after).toBe(nodes);
          else expect(k.after).not.toBe(nodes);
        }
        expect(added.results['moved.keys']).toBe(added.data.keys.filter((k) => k.moved).length);
        if (nodes < 2) return;
        const removed = await run(nodes, vnodes, 'remove', keys);
        for (const k of removed.data.keys) {
          expect(k.moved).toBe(k.before === nodes - 1);
          expect(k.after).not.toBe(nodes - 1);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('moves a key exactly when the arc it falls in changed owner, and the arcs tile the circle', async () => {
    for (const [nodes, vnodes, change] of [[4, 3, 'add'], [5, 7, 'remove'], [1, 1, 'add'], [2, 1, 'remove'], [12, 16, 'add']] as const) {
      const { results, data } = await run(nodes, vnodes, change, 1000);
      const total = data.segments.reduce((s, x) => s + x.span, 0);
      expect(total).toBeCloseTo(360, 6);
      for (const side of [data.before, data.after]) expect(side.arcs.reduce((s, x) => s + x.span, 0)).toBeCloseTo(360, 6);
      for (const s of data.segments) expect(s.changed).toBe(s.before !== s.after);
      expect(results['arcs.changed']).toBe(data.segments.filter((s) => s.changed).length);
      for (const k of data.keys) {
        const seg = segmentOf(data, k.angle);
        expect([seg.before, seg.after]).toEqual([k.before, k.after]);
        expect(k.moved).toBe(seg.changed);
      }
      // Adding a node changes exactly one arc per new point (V of them, barring hash collisions).
      if (change === 'add') expect(results['arcs.changed']).toBe(data.after.points.filter((p) => p.node === nodes).length);
    }
  });

  it('is deterministic', async () => {
    const a = await run(6, 5, 'remove', 800);
    const b = await run(6, 5, 'remove', 800);
    expect(b).toEqual(a);
  });

  it('refuses to remove the only node', () => {
    const r = resolve('chash.ring', { nodes: '1', change: 'remove' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.param)).toContain('change');
    expect(chashRing.check!({ nodes: 1, vnodes: 3, change: 'remove', keys: 200, at: 0, leave: 0 })?.code).toBe('no-node-left');
    expect(chashRing.check!({ nodes: 2, vnodes: 3, change: 'remove', keys: 200, at: 0, leave: 0 })).toBeNull();
    expect(chashRing.check!({ nodes: 1, vnodes: 3, change: 'add', keys: 200, at: 0, leave: 0 })).toBeNull();
  });

  it('the hand: a node joins with its first point where it is put, and any node can leave', async () => {
    const hashed = await run(4, 3, 'add', 500);
    const placed = await run(4, 3, 'add-at', 500, { at: 90 });
    expect(placed.data.at).toBe(90);
    expect(hashed.data.at).toBeNull();
    const joining = (d: RingData) => d.after.points.filter((p) => p.node === 4).map((p) => p.angle);
    // The first point moves to 90 degrees (to the nearest hash below); the others stay where the name hashes.
    expect(joining(placed.data).some((a) => Math.abs(a - 90) < 1e-6)).toBe(true);
    expect(joining(placed.data).filter((a) => joining(hashed.data).includes(a))).toHaveLength(2);
    expect(placed.data.before).toEqual(hashed.data.before);
    for (const k of placed.data.keys) if (k.moved) expect(k.after).toBe(4);
    // Removing n1 of n0 … n3: only n1's keys move, each to a node that stays.
    const removed = await run(4, 3, 'remove-node', 500, { leave: 1 });
    expect(removed.data.changed).toBe(1);
    expect(removed.data.after.points.some((p) => p.node === 1)).toBe(false);
    for (const k of removed.data.keys) {
      expect(k.moved).toBe(k.before === 1);
      expect(k.after).not.toBe(1);
    }
    // remove still takes the last; at and leave count only for add-at and remove-node.
    expect((await run(4, 3, 'remove', 500, { leave: 1 })).data.changed).toBe(3);
    expect((await run(4, 3, 'add', 500, { at: 90 })).data).toEqual(hashed.data);
    expect(chashRing.check!({ nodes: 4, vnodes: 3, change: 'remove-node', keys: 200, at: 0, leave: 4 })?.code).toBe('ring-leave');
    expect(chashRing.check!({ nodes: 1, vnodes: 3, change: 'remove-node', keys: 200, at: 0, leave: 0 })?.code).toBe('no-node-left');
    expect(resolve('chash.ring', { at: '360' }).ok).toBe(false);
  });

  it('reports fractions as percents and counts as integers', () => {
    expect(chashRing.resultKind('moved.fraction')).toBe('percent');
    expect(chashRing.resultKind('ideal.fraction')).toBe('percent');
    expect(chashRing.resultKind('moved.keys')).toBe('int');
    expect(chashRing.resultKind('arcs.changed')).toBe('int');
  });
});
