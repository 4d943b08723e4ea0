import { crc32, crc32Final, crc32Init, crc32Update, crc32UpdateUint32Le } from './crc32.ts';
import { buildRing } from './ring.ts';
import type { Ring } from './ring.ts';
import { utf8 } from './utf8.ts';

/**
 * nginx's `hash $key consistent` (ngx_http_upstream_update_chash, compatible with
 * Cache::Memcached::Fast): weight x 160 points per server, each crc32(host \0 port prev), where
 * prev is the server's previous point as 4 little-endian bytes, starting from 0.
 */

/** Points per unit of weight: the literal 160 in ngx_http_upstream_update_chash. */
export const NGINX_POINTS_PER_WEIGHT = 160;

export interface NginxServer {
  /** The server string exactly as written in the config: "10.0.0.1:443", "backend:8080", "unix:/path". */
  readonly server: string;
  readonly weight?: number;
}

/**
 * Splits a server string as nginx does: "unix:" (any case) takes the rest as host with no port;
 * otherwise a trailing ":digits" (zero digits included) is the port, split at that last colon.
 * So "[::1]:80" hashes host "[::1]", brackets kept, unlike pingora.
 */
export function nginxHostPort(server: string): { host: string; port: string } {
  if (server.slice(0, 5).toLowerCase() === 'unix:') return { host: server.slice(5), port: '' };
  const match = /^(.*):([0-9]*)$/s.exec(server);
  return match ? { host: match[1], port: match[2] } : { host: server, port: '' };
}

/** Writes a server's `count` chained point hashes into out[offset, offset + count). */
export function fillNginxPoints(server: string, count: number, out: Uint32Array, offset = 0): void {
  const { host, port } = nginxHostPort(server);
  let base = crc32Update(crc32Init(), utf8(host));
  base = crc32Update(base, new Uint8Array(1)); // the '\0' between host and port
  base = crc32Update(base, utf8(port));
  let prev = 0;
  for (let j = 0; j < count; j++) {
    prev = crc32Final(crc32UpdateUint32Le(base, prev));
    out[offset + j] = prev;
  }
}

/** One server's point hashes in chain order. */
export function nginxServerPoints(server: string, weight = 1): Uint32Array {
  const out = new Uint32Array(weight * NGINX_POINTS_PER_WEIGHT);
  fillNginxPoints(server, out.length, out);
  return out;
}

/**
 * The ring nginx builds for these servers, in config order: node i is servers[i]. Colliding
 * hashes are deduped as nginx does; which server keeps one is the lowest index here, while
 * nginx's qsort leaves it unspecified. `pointsPerWeight` is nginx's fixed 160 unless given:
 * pingora-ketama's V2 `point_multiple` builds the same chains, only shorter or longer.
 */
export function nginxRing(servers: readonly NginxServer[], pointsPerWeight = NGINX_POINTS_PER_WEIGHT): Ring {
  if (!Number.isInteger(pointsPerWeight) || pointsPerWeight < 1) throw new RangeError(`nginxRing: bad point multiple ${pointsPerWeight}`);
  const weights = servers.map(({ server, weight = 1 }) => {
    if (!Number.isInteger(weight) || weight < 1) throw new RangeError(`nginxRing: bad weight ${weight} for ${server}`);
    return weight;
  });
  const total = weights.reduce((a, b) => a + b, 0) * pointsPerWeight;
  const hashes = new Uint32Array(total);
  const nodes = new Uint16Array(total);
  let offset = 0;
  servers.forEach(({ server }, i) => {
    const count = weights[i] * pointsPerWeight;
    fillNginxPoints(server, count, hashes, offset);
    nodes.fill(i, offset, offset + count);
    offset += count;
  });
  return buildRing({ hashes, nodes }, servers.length, { dedupe: true });
}

/** nginx's key hash: crc32 of the key's bytes (as sent: `$arg_k` stays percent-encoded). */
export function nginxKeyHash(key: string): number {
  return crc32(utf8(key));
}
