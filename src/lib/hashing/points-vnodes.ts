import { murmur3 } from './murmur3.ts';
import { buildRing } from './ring.ts';
import type { Ring } from './ring.ts';
import { utf8 } from './utf8.ts';

/**
 * The textbook ring with a fast hash: V virtual nodes per node, point i of node n at
 * murmur3(`${n}#${i}`), keys at murmur3(key). Compatible with no server; it is the
 * consistent-hashing chapter's "fast hash" option, where V is a slider.
 */

export function vnodePoints(name: string, vnodes: number): Uint32Array {
  const out = new Uint32Array(vnodes);
  for (let i = 0; i < vnodes; i++) out[i] = murmur3(utf8(`${name}#${i}`));
  return out;
}

/** Node i is names[i]; collided hashes are deduped, the lowest index keeping them. */
export function vnodeRing(names: readonly string[], vnodes: number): Ring {
  if (!Number.isInteger(vnodes) || vnodes < 1) throw new RangeError(`vnodeRing: vnodes must be >= 1, got ${vnodes}`);
  const hashes = new Uint32Array(names.length * vnodes);
  const nodes = new Uint16Array(names.length * vnodes);
  names.forEach((name, n) => {
    hashes.set(vnodePoints(name, vnodes), n * vnodes);
    nodes.fill(n, n * vnodes, (n + 1) * vnodes);
  });
  return buildRing({ hashes, nodes }, names.length, { dedupe: true });
}

export function vnodeKeyHash(key: string): number {
  return murmur3(utf8(key));
}
