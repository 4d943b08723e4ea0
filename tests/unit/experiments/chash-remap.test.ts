import { describe, expect, it } from 'vitest';
import { chashRemap, remapRing, type ChashRemapData } from '../../../src/experiments/chash-remap.ts';
import { lookup, murmur3, utf8 } from '../../../src/lib/hashing/index.ts';
import { resolve, runExperiment } from '../../../src/experiments/run.ts';

const ctx = () => ({ signal: new AbortController().signal, progress: () => {} });

describe('chash.remap', () => {
  it('defaults (4 → 5 nodes, 100 000 keys): mod N moves about 80%, the 100-point ring about 1/5', async () => {
    const { output } = await runExperiment('chash.remap', {});
    const r = output.results as Record<string, number>;
    expect(Object.keys(r).sort()).toEqual(
      ['mod.moved', 'ring1.moved', 'ring.moved', 'ideal.moved', 'ring.min', 'ring.max', 'ring.std', 'ring1.min', 'ring1.max', 'ring1.std', 'mod.min', 'mod.max', 'mod.std', 'ring.min.after', 'ring.max.after', 'ring.std.after'].sort(),
    );
    expect(Math.abs(r['mod.moved'] - 0.8)).toBeLessThan(0.005);
    expect(r['ring.moved']).toBeGreaterThan(0.18);
    expect(r['ring.moved']).toBeLessThan(0.23);
    expect(r['ideal.moved']).toBeCloseTo(0.2, 12);
    // One point per node leaves the arcs, and so the loads, far more uneven than 100 points do.
    expect(r['ring1.std']).toBeGreaterThan(5 * r['ring.std']);
    expect(r['ring1.min']).toBeLessThan(r['ring.min']);
    expect(r['ring1.max']).toBeGreaterThan(r['ring.max']);
    expect(r['mod.min']).toBeLessThanOrEqual(25_000);
    expect(r['mod.max']).toBeGreaterThanOrEqual(25_000);
    expect(chashRemap.resultKind('ring.moved')).toBe('percent');
    expect(chashRemap.resultKind('ring.max.after')).toBe('int');
    expect(chashRemap.resultKind('ring.std.after')).toBe('decimal');
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

describe('chash.remap: the 100-point ring over key salts', () => {
  it('with the default layout, 100 virtual nodes move between 18% and 23% of 100 000 keys for each of 20 key salts (4 -> 5 nodes)', () => {
    // The cell's salt also renames the nodes (a spread of layouts, wider than this); here only the
    // key names change, on the ring the page's default run uses.
    const before = remapRing('murmur3', 4, 100);
    const after = remapRing('murmur3', 5, 100);
    for (let salt = 0; salt < 20; salt++) {
      let moved = 0;
      for (let i = 0; i < 100_000; i++) {
        const h = murmur3(utf8(`key-${salt}-${i}`));
        if (lookup(before, h) !== lookup(after, h)) moved++;
      }
      expect(moved / 100_000, `salt ${salt}`).toBeGreaterThanOrEqual(0.18);
      expect(moved / 100_000, `salt ${salt}`).toBeLessThanOrEqual(0.23);
    }
  });
});
