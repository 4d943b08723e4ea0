import { ketamaKeyHash, ketamaRing, lookupIndex, nginxKeyHash, nginxRing } from '../../lib/hashing/index.ts';
import type { Ring } from '../../lib/hashing/index.ts';
import { parseKeys, parseUpstream } from '../../lib/ketama/index.ts';
import type { CheckFailure, Experiment, ResultKind } from '../shared/types.ts';
import { pointLimit } from './ketama-work.ts';
import { meter } from '../shared/meter.ts';

export interface KetamaLookupParams extends Record<string, number | string | readonly number[]> {
  servers: string;
  keys: string;
  scheme: string;
}

export interface KetamaLookupRow {
  key: string;
  /** The key's 32-bit hash (CRC-32 for nginx, MD5's first 4 bytes for libketama). */
  hash: number;
  /** The ring point it lands on: the first point >= hash, wrapping to the lowest. */
  point: number;
  server: string;
}

export interface KetamaLookupData {
  scheme: string;
  servers: string[];
  points: number;
  /** The chosen server string for each key, in key order. */
  placement: string[];
  rows: KetamaLookupRow[];
}

const MAX_LINES = 200;
/** 2000 units of weight at 160 points each: a ring built in a few tens of milliseconds. */
const MAX_RING_POINTS = 320_000;

/** nginx's `hash $key consistent` (or libketama) over a pasted upstream list, key by key. */
export const ketamaLookup: Experiment<KetamaLookupParams, KetamaLookupData, 'ketama-lookup'> = {
  id: 'ketama.lookup',
  summary: "nginx's hash $key consistent (or libketama) over a pasted upstream list, key by key",
  figures: ['ketama-lookup'],
  // At most 2000 units of weight (320 000 points) and 200 keys: always fast.
  cost: 'instant',
  primary: ['servers', 'keys', 'scheme'],
  params: {
    servers: {
      kind: 'text',
      default: '10.0.0.1:80\n10.0.0.2:80\n10.0.0.3:80 weight=2\n10.0.0.4:8080',
      maxLength: 8000,
      maxLines: MAX_LINES,
    },
    keys: {
      kind: 'text',
      default: '/index.html\n/images/logo.png\n/videos/intro.mp4\n/api/users/42\n/some/path',
      maxLength: 8000,
      maxLines: MAX_LINES,
    },
    scheme: { kind: 'choice', default: 'nginx', options: ['nginx', 'libketama'] },
  },
  check(p): CheckFailure | null {
    const parsed = parseUpstream(p.servers);
    if (!parsed.ok) {
      const messages = {
        syntax: `line ${parsed.line} ("${parsed.text}") is not "host:port" followed by an optional "weight=N".`,
        weight: `line ${parsed.line} ("${parsed.text}") has a weight outside 1 … 100.`,
        duplicate: `line ${parsed.line} ("${parsed.text}") repeats a server listed above it.`,
        empty: 'the list has no servers; write one host:port per line.',
      };
      return { param: 'servers', code: `ketama-servers-${parsed.reason}`, vars: { line: parsed.line, text: parsed.text }, message: messages[parsed.reason] };
    }
    const points = parsed.servers.reduce((sum, s) => sum + s.weight, 0) * 160;
    const tooMany = pointLimit('servers', points, MAX_RING_POINTS, 'the weights × 160', 'the weights');
    if (tooMany) return tooMany;
    if (parseKeys(p.keys).length === 0) {
      return { param: 'keys', code: 'ketama-keys-empty', vars: {}, message: 'there are no keys; write one key per line.' };
    }
    return null;
  },
  resultKind(key): ResultKind {
    return key === 'first' ? 'text' : 'int';
  },
  async run(p, ctx) {
    const parsed = parseUpstream(p.servers);
    if (!parsed.ok) throw new RangeError(`ketama.lookup: bad server list at line ${parsed.line}`);
    const servers = parsed.servers;
    const keys = parseKeys(p.keys);
    const bar = meter(1 + keys.length, ctx);
    const nginx = p.scheme === 'nginx';
    const ring: Ring = nginx ? nginxRing(servers) : ketamaRing(servers.map(({ server, weight }) => ({ addr: server, weight })));
    await bar.advance(1);
    const rows: KetamaLookupRow[] = keys.map((key) => {
      const hash = nginx ? nginxKeyHash(key) : ketamaKeyHash(key);
      const i = lookupIndex(ring, hash);
      return { key, hash, point: ring.hashes[i], server: servers[ring.nodes[i]].server };
    });
    await bar.advance(keys.length);
    const placement = rows.map((r) => r.server);
    const data: KetamaLookupData = { scheme: p.scheme, servers: servers.map((s) => s.server), points: ring.hashes.length, placement, rows };
    return {
      results: { servers: servers.length, points: ring.hashes.length, keys: keys.length, first: placement[0] },
      data,
    };
  },
};
