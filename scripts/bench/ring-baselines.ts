/**
 * The ring lookup's outside baselines, for the consistent-hashing and ketama sections: the same
 * lookup from key strings (hash the key's UTF-8, binary search the 6-byte ring, wrap) in C
 * (scripts/bench-baselines/ring.c, `cc -O2`) and in CPython (bisect over the hashes, zlib.crc32 or
 * a pure-Python murmur3, what a Python user has without a C extension). Both read the ring the
 * TypeScript built, make the keys `format % (batch, i)` off the clock, and report the median
 * nanoseconds a lookup over the batches and the sum of the nodes found, which must match the
 * TypeScript's on the same keys.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeyHash } from '../../src/kernels/ring.ts';
import { lookup, nginxKeyHash, vnodeKeyHash, type Ring } from '../../src/lib/hashing/index.ts';
import { compileC } from './timing.ts';

export interface RingBaseline {
  name: string;
  ns: number;
  /** Whether the nodes found sum to what the TypeScript finds for the same keys. */
  agrees: boolean;
}

const PYTHON_PROGRAM = `
import array, bisect, json, platform, sys, time, zlib
path, points, hashname, fmt, batches, size = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6])
with open(path, 'rb') as f:
    hashes = array.array('I'); hashes.fromfile(f, points)
    nodes = array.array('H'); nodes.fromfile(f, points)
hashes = hashes.tolist()
def murmur3(data):
    c1, c2, m = 0xcc9e2d51, 0x1b873593, 0xffffffff
    n = len(data); tail = n & ~3; h = 0
    for i in range(0, tail, 4):
        k = int.from_bytes(data[i:i + 4], 'little')
        k = (k * c1) & m; k = ((k << 15) | (k >> 17)) & m; k = (k * c2) & m
        h ^= k; h = ((h << 13) | (h >> 19)) & m; h = (h * 5 + 0xe6546b64) & m
    k = 0; rest = n & 3
    if rest == 3: k ^= data[tail + 2] << 16
    if rest >= 2: k ^= data[tail + 1] << 8
    if rest >= 1:
        k ^= data[tail]; k = (k * c1) & m; k = ((k << 15) | (k >> 17)) & m; k = (k * c2) & m; h ^= k
    h ^= n; h ^= h >> 16; h = (h * 0x85ebca6b) & m; h ^= h >> 13; h = (h * 0xc2b2ae35) & m
    return h ^ (h >> 16)
hash = zlib.crc32 if hashname == 'crc32' else murmur3
bisect_left = bisect.bisect_left
times = []; total = 0
for b in range(batches):
    keys = [(fmt % (b, i)).encode() for i in range(size)]
    start = time.perf_counter()
    for key in keys:
        i = bisect_left(hashes, hash(key))
        total += nodes[0 if i == points else i]
    times.append((time.perf_counter() - start) / size * 1e9)
times.sort()
print(json.dumps({"ns": times[len(times) // 2], "sum": total, "python": platform.python_version()}))
`;

/** The TypeScript's sum of nodes over the same keys, to check the baselines found the same ones. */
function expectedSum(ring: Ring, hash: KeyHash, format: string, batches: number, size: number): number {
  const keyHash = hash === 'crc32' ? nginxKeyHash : vnodeKeyHash;
  let sum = 0;
  for (let b = 0; b < batches; b++) {
    for (let i = 0; i < size; i++) sum += lookup(ring, keyHash(format.replace('%d', String(b)).replace('%d', String(i))));
  }
  return sum;
}

let cBinary: ReturnType<typeof compileC> | undefined;

/**
 * C (batches of `size` keys) and CPython (batches of `pythonSize`: it is a hundred times slower)
 * on `ring`; a baseline that cannot run is left out, with the reason in `notes`.
 */
export function ringBaselines(ring: Ring, hash: KeyHash, format: string, batches: number, size: number, pythonSize: number): { rows: RingBaseline[]; notes: string[] } {
  const file = join(mkdtempSync(join(tmpdir(), 'lb-ring-')), 'ring.bin');
  writeFileSync(file, Buffer.concat([Buffer.from(ring.hashes.buffer, ring.hashes.byteOffset, ring.hashes.byteLength), Buffer.from(ring.nodes.buffer, ring.nodes.byteOffset, ring.nodes.byteLength)]));
  const args = (n: number) => [file, String(ring.hashes.length), hash, format, String(batches), String(n)];
  const rows: RingBaseline[] = [];
  const notes: string[] = [];

  cBinary ??= compileC('ring.c');
  if (cBinary.binary) {
    const c = spawnSync(cBinary.binary, args(size), { encoding: 'utf8' });
    if (c.status === 0) {
      const out = JSON.parse(c.stdout) as { ns: number; sum: number };
      rows.push({ name: `C -O2 (${hash}, binary search)`, ns: out.ns, agrees: out.sum === expectedSum(ring, hash, format, batches, size) });
    } else notes.push(`C baseline failed: ${c.stderr.trim()}`);
  } else notes.push(`C baseline skipped: ${cBinary.reason}`);

  const py = spawnSync('python3', ['-c', PYTHON_PROGRAM, ...args(pythonSize)], { encoding: 'utf8' });
  if (!py.error && py.status === 0) {
    const out = JSON.parse(py.stdout) as { ns: number; sum: number; python: string };
    const how = hash === 'crc32' ? 'zlib.crc32' : 'pure-Python murmur3';
    rows.push({ name: `CPython ${out.python} (${how}, bisect)`, ns: out.ns, agrees: out.sum === expectedSum(ring, hash, format, batches, pythonSize) });
  } else notes.push('CPython baseline skipped: python3 not found or failed');
  return { rows, notes };
}
