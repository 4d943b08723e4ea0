import type { Ring128 } from '../lib/hashing/ring128.ts';
import { kernelInstance, type KernelExports } from './load.ts';
import { writeUtf8 } from './utf8.ts';

/**
 * MD5 of names read as 128-bit big-endian integers (md5Names, src/lib/hashing/named-ring.ts), and
 * where those integers go mod N and on 128-bit rings (mod128, lookup128 of
 * src/lib/hashing/ring128.ts), on the WebAssembly kernel, a batch of names a call: the names'
 * UTF-8 is written into the kernel's memory with their offsets, as the ring kernel's lookupKeys
 * takes them. The TypeScript stays the reference; the results are the same to the bit.
 */
export interface Md5Kernel {
  /** md5BigEndian of each name's UTF-8: name k's four words at 4k … 4k + 3, most significant first. */
  digests(names: Names): Uint32Array;
  /** Copies `rings` into the kernel's memory (replacing the ones held before), for place(). */
  holdRings(rings: readonly Ring128[]): void;
  /**
   * Each name's place, one array a placement: its digest mod each of `mods` (each below 2^21, as
   * mod128 requires), then its node on each held ring (lookup128; -1 on an empty ring).
   */
  place(names: Names, mods: readonly number[]): Int32Array[];
}

/**
 * Names to hash: a list, or `count` numbered names, `prefix` followed by first, first + 1, … in
 * decimal (chash.remap's keys: keyPrefix(salt) + i, as keyName spells them), which the kernel
 * spells itself, so no string is made for them.
 */
export type Names = readonly string[] | Numbered;
export interface Numbered {
  prefix: string;
  first: number;
  count: number;
}

/** How many names. */
const countOf = (names: Names): number => ('prefix' in names ? names.count : names.length);

/** An MD5 kernel for one run, or null to run the TypeScript. */
export async function md5Kernel(): Promise<Md5Kernel | null> {
  const k = await kernelInstance();
  return k ? new Md5Session(k) : null;
}

const encoder = new TextEncoder();
const align = (bytes: number): number => Math.ceil(bytes / 16) * 16;

/** Where a held ring's three arrays sit in the kernel's memory. */
interface HeldRing {
  prefix: number;
  words: number;
  nodes: number;
  points: number;
}

class Md5Session implements Md5Kernel {
  private readonly k: KernelExports;
  private rings: HeldRing[] = [];
  /** Scratch for a batch of names, past the held rings. */
  private scratch: number;

  constructor(k: KernelExports) {
    this.k = k;
    this.scratch = k.dynamicBase();
  }

  digests(names: Names): Uint32Array {
    const out = this.hash(names);
    return new Uint32Array(this.k.memory.buffer, out, 4 * countOf(names)).slice();
  }

  holdRings(rings: readonly Ring128[]): void {
    let at = this.k.dynamicBase();
    this.rings = rings.map((ring) => {
      const points = ring.prefix.length;
      const held = { words: at, prefix: at + 16 * points, nodes: at + 20 * points, points };
      at = align(at + 22 * points);
      this.reserve(at);
      const buffer = this.k.memory.buffer;
      new Uint32Array(buffer, held.words, 4 * points).set(ring.words);
      new Uint32Array(buffer, held.prefix, points).set(ring.prefix);
      new Uint16Array(buffer, held.nodes, points).set(ring.nodes);
      return held;
    });
    this.scratch = at;
  }

  place(names: Names, mods: readonly number[]): Int32Array[] {
    const count = countOf(names);
    const digests = this.hash(names);
    const outs = [...mods, ...this.rings].map((_, i) => digests + 16 * count + 4 * count * i);
    this.reserve(digests + 16 * count + 4 * count * outs.length);
    mods.forEach((n, i) => this.k.mod128(digests, count, n, outs[i]));
    this.rings.forEach((r, i) => {
      const out = outs[mods.length + i];
      if (r.points === 0) new Int32Array(this.k.memory.buffer, out, count).fill(-1);
      else this.k.lookup128(r.prefix, r.words, r.nodes, r.points, digests, count, out);
    });
    return outs.map((out) => new Int32Array(this.k.memory.buffer, out, count).slice());
  }

  /** Hashes the names into the scratch; returns where their digests are (16 bytes a name). */
  private hash(names: Names): number {
    if ('prefix' in names) return this.hashNumbered(names);
    const count = names.length;
    const digests = this.scratch;
    const offsets = digests + 16 * count;
    // The digests first: place() puts its outputs right after them, over the names it has hashed.
    const bytes = offsets + 4 * (count + 1);
    writeUtf8(this.k, names, offsets, bytes, (n) => this.reserve(n));
    this.k.md5Names(bytes, offsets, count, digests);
    return digests;
  }

  private hashNumbered({ prefix, first, count }: Numbered): number {
    // The kernel counts in u32; past that (never in chash.remap), the names are spelled here.
    if (!Number.isSafeInteger(first) || first < 0 || first + count > 0xffffffff) {
      return this.hash(Array.from({ length: count }, (_, i) => `${prefix}${first + i}`));
    }
    const digests = this.scratch;
    const name = digests + 16 * count;
    const bytes = encoder.encode(prefix);
    this.reserve(name + bytes.length + 10);
    new Uint8Array(this.k.memory.buffer, name, bytes.length).set(bytes);
    this.k.md5Numbered(name, bytes.length, first, count, digests);
    return digests;
  }

  private reserve(bytes: number): void {
    if (!this.k.ensure(bytes)) throw new RangeError(`md5 kernel: no memory for ${bytes} bytes`);
  }
}
