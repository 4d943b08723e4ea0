import { describe, expect, it } from 'vitest';
import { chashRemap, type ChashRemapData } from '../../../../src/experiments/consistent-hashing/chash-remap.ts';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import { setKernelModule } from '../../../../src/kernels/load.ts';

const ctx = () => ({ signal: new AbortController().signal, progress: () => {} });

/**
 * The article's setup written from its description, with nothing of this project's hashing:
 * node:crypto's MD5 read as a BigInt, points sorted as BigInts, the first point at or after a key.
 */
function referenceRemap(p: { keys: number; from: number; to: number; vnodes: number; salt: number }) {
  const h = (s: string) => BigInt(`0x${createHash('md5').update(s, 'utf8').digest('hex')}`);
  const key = (i: number) => (p.salt === 0 ? `key${i}` : `key-${p.salt}-${i}`);
  const point = (n: number, v: number) => (p.salt === 0 ? `n${n}#${v}` : `${p.salt}/n${n}#${v}`);
  const ring = (nodes: number, vnodes: number) => {
    const pts: [bigint, number][] = [];
    for (let n = 0; n < nodes; n++) for (let v = 0; v < vnodes; v++) pts.push([h(point(n, v)), n]);
    return pts.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  };
  const find = (r: [bigint, number][], x: bigint) => (r.find(([y]) => y >= x) ?? r[0])[1];
  const rings = [ring(p.from, 1), ring(p.to, 1), ring(p.from, p.vnodes), ring(p.to, p.vnodes)];
  const moved = [0, 0, 0];
  const loads = new Array<number>(p.from).fill(0);
  for (let i = 0; i < p.keys; i++) {
    const x = h(key(i));
    if (x % BigInt(p.from) !== x % BigInt(p.to)) moved[0]++;
    if (find(rings[0], x) !== find(rings[1], x)) moved[1]++;
    const a = find(rings[2], x);
    if (a !== find(rings[3], x)) moved[2]++;
    loads[a]++;
  }
  return { mod: moved[0] / p.keys, ring1: moved[1] / p.keys, ring: moved[2] / p.keys, loads };
}

describe('chash.remap', () => {
  it('defaults are the article’s own run, byte for byte: 80.045%, 41.593% (9 787 … 50 117, std 15 201), 21.585% (24 301 … 25 706, std 511)', async () => {
    const { output, params } = await runExperiment('chash.remap', {});
    expect(params).toMatchObject({ keys: 100_000, from: 4, to: 5, vnodes: 100, hash: 'md5', salt: 0, spread: 1 });
    const r = output.results as Record<string, number>;
    expect(Object.keys(r).sort()).toEqual(
      ['mod.moved', 'ring1.moved', 'ring.moved', 'ideal.moved', 'ring.min', 'ring.max', 'ring.std', 'ring1.min', 'ring1.max', 'ring1.std', 'mod.min', 'mod.max', 'mod.std', 'ring.min.after', 'ring.max.after', 'ring.std.after'].sort(),
    );
    expect(r['mod.moved']).toBe(0.80045);
    expect(r['ring1.moved']).toBe(0.41593);
    expect(r['ring.moved']).toBe(0.21585);
    expect([r['ring1.min'], r['ring1.max'], Math.round(r['ring1.std'])]).toEqual([9787, 50117, 15201]);
    expect([r['ring.min'], r['ring.max'], Math.round(r['ring.std'])]).toEqual([24301, 25706, 511]);
    expect(r['ideal.moved']).toBeCloseTo(0.2, 12);
    // Every node's load on the article's rings, not only the extremes.
    const data = output.data as ChashRemapData;
    expect(data.settings.find((s) => s.id === 'ring1')!.before[0].std).toBeCloseTo(15200.881504, 5);
    expect(data.settings.find((s) => s.id === 'ring')!.before[0].std).toBeCloseTo(510.679449, 5);
    expect(chashRemap.resultKind('ring.moved')).toBe('percent');
    expect(chashRemap.resultKind('ring.evener')).toBe('percent');
    expect(chashRemap.resultKind('ring.max.after')).toBe('int');
    expect(chashRemap.resultKind('ring.std.after')).toBe('decimal');
  });

  it('agrees with an independent MD5 (node:crypto) and BigInt ring on other keys, nodes, points and salts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ keys: fc.integer({ min: 1000, max: 2500 }), from: fc.integer({ min: 1, max: 9 }), to: fc.integer({ min: 1, max: 9 }), vnodes: fc.integer({ min: 1, max: 40 }), salt: fc.integer({ min: 0, max: 50 }) }),
        async (p) => {
          fc.pre(p.from !== p.to);
          const out = await chashRemap.run({ ...p, hash: 'md5', spread: 1 }, ctx());
          const ref = referenceRemap(p);
          expect(out.results['mod.moved']).toBe(ref.mod);
          expect(out.results['ring1.moved']).toBe(ref.ring1);
          expect(out.results['ring.moved']).toBe(ref.ring);
          expect([out.results['ring.min'], out.results['ring.max']]).toEqual([Math.min(...ref.loads), Math.max(...ref.loads)]);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('with several layouts, says how many of the others are more even than the first (the article’s 100-point ring is among the most even)', async () => {
    const { output } = await runExperiment('chash.remap', { keys: '100000', spread: '10' });
    const data = output.data as ChashRemapData;
    const ring = data.settings.find((s) => s.id === 'ring')!;
    const expected = ring.before.slice(1).filter((b) => b.std < ring.before[0].std).length / 9;
    expect(output.results['ring.evener']).toBe(expected);
    expect(output.results['ring.evener']).toBeLessThanOrEqual(1 / 9);
  });

  it('over 20 salts the 100-point ring moves between 15% and 27% every time, and the data carry every salt', async () => {
    const { output } = await runExperiment('chash.remap', { keys: '20000', spread: '20', salt: '5' });
    const data = output.data as ChashRemapData;
    expect(data.salts).toEqual(Array.from({ length: 20 }, (_, i) => 5 + i));
    const ring = data.settings.find((s) => s.id === 'ring')!;
    expect(ring.moved).toHaveLength(20);
    for (const m of ring.moved) {
      expect(m).toBeGreaterThan(0.15);
      expect(m).toBeLessThan(0.27);
    }
    for (const s of data.settings) {
      expect(s.before).toHaveLength(20);
      expect(s.after).toHaveLength(20);
    }
    expect(output.results['ring.moved']).toBe(ring.moved[0]);
  });

  it('keeps every key accounted for and measures removals against (from − to)/from', async () => {
    const out = await chashRemap.run({ keys: 6000, from: 6, to: 4, vnodes: 50, hash: 'md5', salt: 3, spread: 1 }, ctx());
    expect(out.results['ideal.moved']).toBeCloseTo(2 / 6, 12);
    const data = out.data as ChashRemapData;
    for (const s of data.settings) {
      const b = s.before[0];
      expect(b.min).toBeLessThanOrEqual(1000);
      expect(b.max).toBeGreaterThanOrEqual(1000);
      expect(s.moved[0]).toBeGreaterThan(0);
      expect(s.moved[0]).toBeLessThan(1);
    }
    // On a ring, removing nodes only moves the keys those nodes held: never less than the ideal.
    expect(out.results['ring.moved']).toBeGreaterThanOrEqual(0.25);
  });

  it('gives the same result for the same parameters, byte for byte', async () => {
    const a = await runExperiment('chash.remap', { keys: '5000', hash: 'md5', spread: '2' });
    const b = await runExperiment('chash.remap', { keys: '5000', hash: 'md5', spread: '2' });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('gives the same output on the MD5 kernel and on the TypeScript reference, byte for byte', async () => {
    const sets: Record<string, string>[] = [{ spread: '3' }, { keys: '20000', from: '7', to: '3', vnodes: '250', salt: '123456789', spread: '2' }, { keys: '3000', from: '1', to: '1000', vnodes: '37', spread: '1' }];
    try {
      for (const params of sets) {
        setKernelModule(undefined);
        const onKernel = JSON.stringify(await runExperiment('chash.remap', params));
        setKernelModule(null);
        expect(JSON.stringify(await runExperiment('chash.remap', params))).toBe(onKernel);
      }
    } finally {
      setKernelModule(undefined);
    }
  });

  it('refuses to = from, too many lookups and too many ring points before running', () => {
    const same = resolve('chash.remap', { from: '7', to: '7' });
    expect(same.ok).toBe(false);
    if (!same.ok) expect(same.errors[0]).toMatchObject({ param: 'to', code: 'to-eq-from' });
    const heavy = resolve('chash.remap', { keys: '1000000', spread: '21' });
    expect(heavy.ok).toBe(false);
    if (!heavy.ok) expect(heavy.errors[0]).toMatchObject({ code: 'too-many-lookups' });
    const points = resolve('chash.remap', { from: '600', to: '601', vnodes: '1000' });
    expect(points.ok).toBe(false);
    if (!points.ok) expect(points.errors[0]).toMatchObject({ code: 'too-many-points' });
    expect(resolve('chash.remap', { keys: '1000000', spread: '20' }).ok).toBe(true);
  });

  it('stops promptly when cancelled and reports progress up to 1', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const run = chashRemap.run(
      { keys: 1_000_000, from: 4, to: 5, vnodes: 100, hash: 'murmur3', salt: 0, spread: 10 },
      {
        signal: controller.signal,
        progress(done) {
          seen.push(done);
          if (done > 0.01) controller.abort();
        },
      },
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(Math.max(...seen)).toBeLessThan(0.05);

    const all: number[] = [];
    await chashRemap.run({ keys: 50_000, from: 3, to: 4, vnodes: 10, hash: 'murmur3', salt: 0, spread: 2 }, { signal: new AbortController().signal, progress: (d) => all.push(d) });
    expect(all.at(-1)).toBe(1);
    expect(all.every((v, i) => i === 0 || v >= all[i - 1])).toBe(true);
  });
});
