import { lookup, type Ring } from '../lib/hashing/ring.ts';
import { kernelInstance, type KernelExports } from './load.ts';
import { writeUtf8 } from './utf8.ts';

/**
 * lookup (src/lib/hashing/ring.ts) on the WebAssembly kernel, many keys a call: the ring's two
 * arrays are copied once into the kernel's memory, still 6 bytes a point, and each batch of keys
 * is answered in one call. Node indices as `lookup` gives them (-1 on an empty ring).
 */
export interface RingKernel {
  /** Bytes the ring's points take in the kernel's memory: 6 a point, as in the TypeScript. */
  readonly ringBytes: number;
  /** The node of each key hash. */
  lookupHashes(keyHashes: Uint32Array): Int32Array;
  /** The node of each key string, hashed with the ring's key hash. */
  lookupKeys(keys: readonly string[]): Int32Array;
}

/**
 * How key strings are hashed: 'crc32' is nginx's (nginxKeyHash), 'murmur3' the vnode ring's
 * (vnodeKeyHash); both over the key's UTF-8.
 */
export type KeyHash = 'crc32' | 'murmur3';

/** A kernel holding `ring`, or null to run the TypeScript. */
export async function ringKernel(ring: Ring, keyHash: KeyHash): Promise<RingKernel | null> {
  const k = await kernelInstance();
  const count = ring.hashes.length;
  const base = k?.dynamicBase() ?? 0;
  // Hashes first: 4-byte aligned at the base, the u16 nodes right after them.
  if (!k || !k.ensure(base + 6 * count)) return null;
  new Uint32Array(k.memory.buffer, base, count).set(ring.hashes);
  new Uint16Array(k.memory.buffer, base + 4 * count, count).set(ring.nodes);
  k.crcInit();
  return new RingSession(k, base, count, keyHash === 'murmur3');
}

/**
 * Batch lookups of key hashes on `ring`: on the kernel when it loads, else lookup() key by key;
 * the same nodes either way.
 */
export async function ringLookups(ring: Ring): Promise<(keyHashes: Uint32Array) => Int32Array> {
  // The key hash only matters for key strings; these are hashes already.
  const kernel = await ringKernel(ring, 'crc32');
  if (kernel) return (keyHashes) => kernel.lookupHashes(keyHashes);
  return (keyHashes) => Int32Array.from(keyHashes, (h) => lookup(ring, h));
}

const align = (bytes: number): number => Math.ceil(bytes / 8) * 8;

class RingSession implements RingKernel {
  private readonly k: KernelExports;
  private readonly hashes: number;
  private readonly nodes: number;
  private readonly count: number;
  private readonly murmur: boolean;
  readonly ringBytes: number;
  /** Scratch for a batch of keys, past the ring. */
  private readonly scratch: number;

  constructor(k: KernelExports, base: number, count: number, murmur: boolean) {
    this.k = k;
    this.murmur = murmur;
    this.count = count;
    this.hashes = base;
    this.nodes = base + 4 * count;
    this.ringBytes = 6 * count;
    this.scratch = align(base + 6 * count);
  }

  lookupHashes(keyHashes: Uint32Array): Int32Array {
    const keys = keyHashes.length;
    if (this.count === 0) return new Int32Array(keys).fill(-1);
    const input = this.scratch;
    const out = input + 4 * keys;
    this.reserve(out + 4 * keys);
    new Uint32Array(this.k.memory.buffer, input, keys).set(keyHashes);
    this.k.lookupHashes(this.hashes, this.nodes, this.count, input, keys, out);
    return new Int32Array(this.k.memory.buffer, out, keys).slice();
  }

  lookupKeys(keys: readonly string[]): Int32Array {
    if (this.count === 0) return new Int32Array(keys.length).fill(-1);
    const offsets = this.scratch;
    const out = offsets + 4 * (keys.length + 1);
    const bytes = out + 4 * keys.length;
    writeUtf8(this.k, keys, offsets, bytes, (n) => this.reserve(n));
    this.k.lookupKeys(this.hashes, this.nodes, this.count, bytes, offsets, keys.length, out, this.murmur ? 1 : 0);
    return new Int32Array(this.k.memory.buffer, out, keys.length).slice();
  }

  private reserve(bytes: number): void {
    if (!this.k.ensure(bytes)) throw new RangeError(`ring kernel: no memory for ${bytes} bytes`);
  }
}
