import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { lookup } from '../../../../src/lib/hashing/ring.ts';
import { nginxKeyHash, nginxRing } from '../../../../src/lib/hashing/points-nginx.ts';

// Placements recorded from a real nginx (Debian's 1.22.1) by scripts/nginx-hash-vectors.ts:
// `hash $arg_k consistent` over five upstream lists, equal and unequal weights, 1000 keys each.
interface VectorCase {
  name: string;
  servers: { server: string; weight: number }[];
  keys: string[];
  picks: number[];
}
const vectors = JSON.parse(readFileSync(new URL('../../../vectors/nginx-chash.json', import.meta.url), 'utf8')) as {
  nginx: string;
  cases: VectorCase[];
};

describe(`our nginx ring replays a real nginx (${vectors.nginx})`, () => {
  it('the recording covers several lists, weights and thousands of keys', () => {
    expect(vectors.cases.length).toBeGreaterThanOrEqual(4);
    expect(vectors.cases.some((c) => c.servers.some((s) => s.weight > 1))).toBe(true);
    expect(vectors.cases.reduce((n, c) => n + c.keys.length, 0)).toBeGreaterThanOrEqual(4000);
  });

  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s: every key goes where nginx sent it', (_name, c) => {
    expect(c.keys.length).toBe(c.picks.length);
    // Every backend got some keys, so the vectors cannot pass with a ring that ignores the list.
    expect(new Set(c.picks).size).toBe(c.servers.length);
    const ring = nginxRing(c.servers);
    const ours = c.keys.map((key) => lookup(ring, nginxKeyHash(key)));
    const misses = c.keys.filter((_, i) => ours[i] !== c.picks[i]);
    expect(misses).toEqual([]);
  });
});
