import { md5 } from './md5.ts';
import { md5FirstWordLE, md5WordLE } from './md5-words.ts';
import { buildRing } from './ring.ts';
import type { Ring } from './ring.ts';
import { utf8 } from './utf8.ts';

/**
 * libketama's continuum (RJ/ketama libketama/ketama.c, ketama_create_continuum): for each server,
 * MD5("addr-k") for k = 0 .. digests-1, each digest read as four little-endian uint32 points.
 */

/** Digests per server at equal weight: "40 hashes, 4 numbers per hash = 160 points per server". */
export const KETAMA_DIGESTS_PER_SERVER = 40;

/**
 * libketama's digest count, float for float: pct = (float)mem / (float)total, then
 * floorf(pct * 40.0 * (float)N), where the product is a double that floorf narrows to float.
 * Equal weights give 40 except at N = 61, 122, 237, 244, ... (algorithms.md 3.2), where it gives 39.
 */
export function ketamaDigestCount(weight: number, totalWeight: number, serverCount: number): number {
  const f = Math.fround;
  const pct = f(f(weight) / f(totalWeight));
  return Math.floor(f(pct * 40.0 * f(serverCount)));
}

/**
 * npm hashring 3.2.0's digest count: the same formula in doubles, Math.floor(w / total * 40 * N).
 * It differs from libketama (39 where libketama has 40 at N = 7, 14, 28, ...): a hashring-
 * compatible ring must use this one.
 */
export function hashringDigestCount(weight: number, totalWeight: number, serverCount: number): number {
  return Math.floor((weight / totalWeight) * KETAMA_DIGESTS_PER_SERVER * serverCount);
}

/** Writes 4 x `digests` points of server `addr` (e.g. "127.0.0.1:11211") into out from offset. */
export function fillKetamaPoints(addr: string, digests: number, out: Uint32Array, offset = 0): void {
  for (let k = 0; k < digests; k++) {
    const d = md5(utf8(`${addr}-${k}`)); // sprintf("%s-%d", addr, k)
    for (let h = 0; h < 4; h++) {
      out[offset + 4 * k + h] = md5WordLE(d, h);
    }
  }
}

/** One server's points in generation order. */
export function ketamaServerPoints(addr: string, digests = KETAMA_DIGESTS_PER_SERVER): Uint32Array {
  const out = new Uint32Array(4 * digests);
  fillKetamaPoints(addr, digests, out);
  return out;
}

export interface KetamaServer {
  readonly addr: string;
  /** libketama's "memory" column; any positive number. */
  readonly weight?: number;
}

/**
 * The libketama continuum: node i is servers[i]. Like libketama, no dedupe; a collided hash goes
 * to the lowest index here, where libketama's qsort leaves it unspecified.
 * `digestCount` picks libketama's float32 formula (default) or hashringDigestCount.
 */
export function ketamaRing(
  servers: readonly KetamaServer[],
  digestCount: (weight: number, totalWeight: number, serverCount: number) => number = ketamaDigestCount,
): Ring {
  const weights = servers.map(({ weight = 1 }) => weight);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => digestCount(w, totalWeight, servers.length));
  const total = 4 * counts.reduce((a, b) => a + b, 0);
  const hashes = new Uint32Array(total);
  const nodes = new Uint16Array(total);
  let offset = 0;
  servers.forEach(({ addr }, i) => {
    fillKetamaPoints(addr, counts[i], hashes, offset);
    nodes.fill(i, offset, offset + 4 * counts[i]);
    offset += 4 * counts[i];
  });
  return buildRing({ hashes, nodes }, servers.length);
}

/** ketama_hashi: the first four bytes of MD5(key), little-endian. */
export function ketamaKeyHash(key: string): number {
  return md5FirstWordLE(key);
}
