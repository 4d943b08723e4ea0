import { murmur3 } from '../hashing/murmur3.ts';
import { utf8 } from '../hashing/utf8.ts';

/**
 * Maglev hashing (Eisenbud et al., NSDI 2016, section 3.4): a lookup table of M entries, M prime,
 * filled by letting the backends take turns. Backend i prefers the slots
 * permutation_i[j] = (offset_i + j * skip_i) mod M, with offset = h1(name) mod M and
 * skip = h2(name) mod (M - 1) + 1; on its turn it claims its next preferred slot that is still
 * free. A key goes to table[hash mod M]: one array read per lookup.
 */

/** The paper's small table size; it also uses 655 373. */
export const MAGLEV_M = 65_537;
/** The paper's second, larger table size. */
export const MAGLEV_M_LARGE = 655_373;

export function isPrime(m: number): boolean {
  if (!Number.isInteger(m) || m < 2) return false;
  if (m % 2 === 0) return m === 2;
  for (let d = 3; d * d <= m; d += 2) if (m % d === 0) return false;
  return true;
}

/** h1 and h2 of the paper: two independent hashes of the backend's name. */
function offsetAndSkip(name: string, m: number): [number, number] {
  const bytes = utf8(name);
  return [murmur3(bytes, 0x6d61676c) % m, (murmur3(bytes, 0x65763031) % (m - 1)) + 1];
}

/**
 * The lookup table: entry k is the index of the backend that owns slot k. `weights` (positive
 * integers) give backend i that many turns per round instead of one, the paper's weighted variant.
 * Throws unless M is prime and larger than the number of backends.
 */
export function maglevTable(names: readonly string[], m = MAGLEV_M, weights?: readonly number[]): Uint16Array {
  const n = names.length;
  if (!isPrime(m)) throw new RangeError(`maglevTable: M must be prime, got ${m}`);
  if (n < 1 || n > 65_536 || n >= m) throw new RangeError(`maglevTable: need 1 <= backends < M and <= 65 536, got ${n}`);
  if (weights && (weights.length !== n || weights.some((w) => !Number.isInteger(w) || w < 1))) {
    throw new RangeError('maglevTable: weights must be one positive integer per backend');
  }
  // cur[i] is backend i's next preferred slot; skipping on is one addition mod M.
  const cur = new Float64Array(n);
  const skip = new Float64Array(n);
  names.forEach((name, i) => {
    [cur[i], skip[i]] = offsetAndSkip(name, m);
  });
  const owner = new Int32Array(m).fill(-1);
  const table = new Uint16Array(m);
  let filled = 0;
  for (;;) {
    for (let i = 0; i < n; i++) {
      const turns = weights ? weights[i] : 1;
      for (let t = 0; t < turns; t++) {
        let c = cur[i];
        while (owner[c] >= 0) {
          c += skip[i];
          if (c >= m) c -= m;
        }
        owner[c] = i;
        table[c] = i;
        c += skip[i];
        cur[i] = c >= m ? c - m : c;
        if (++filled === m) return table;
      }
    }
  }
}

/** The share of the table each backend owns: what the paper's balance figure is about. */
export function maglevShares(table: Uint16Array, backends: number): Float64Array {
  const shares = new Float64Array(backends);
  for (let k = 0; k < table.length; k++) shares[table[k]]++;
  for (let i = 0; i < backends; i++) shares[i] /= table.length;
  return shares;
}
