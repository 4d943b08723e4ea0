import { chiSquare } from '../stats/dispersion.ts';
import { identity } from '../hashing/fnv1a.ts';
import { layeredGrid, layeredRank, type LayeredDesign, type LayeredGrid } from './layered.ts';
import { rendezvousRank } from '../hashing/rendezvous.ts';
import { textbookRank } from './textbook.ts';

/**
 * A static fleet: clients and relays named the way the article's benchmark names them in spirit
 * (synthetic names, hashed), and the routers run over it. The MOLS routers number relays by the
 * rank of their identity (the "hash sort" of the article's pipeline); rendezvous needs no order.
 */
export type RouterId = 'textbook' | 'layered' | 'rows' | 'rendezvous';

export const clientName = (salt: number, i: number): string => `client-${salt}-${i}`;
export const relayName = (j: number): string => `relay-${j}.portal.example:443`;

export interface Fleet {
  clients: Uint32Array;
  /** Relay identities, sorted ascending: index = the relay's column in the MOLS grid. */
  relays: number[];
}

/**
 * How clients stand on the grid. 'hashed': by the hash of their names, as real clients do.
 * 'grid': dealt out evenly, client i at row i mod n (i mod (n − 1) for the 'rows' design, both at
 * once by the Chinese remainder theorem) and column ⌊i/n⌋ mod n: what the article's χ² = 0.16
 * says its synthetic clients were. Rendezvous mixes the identity fully either way.
 */
export type Placement = 'hashed' | 'grid';

export function gridIdentity(i: number, n: number): number {
  const col = Math.floor(i / n) % n;
  // The high 16 bits hold col + n·q: the column stays col mod n, and q (i mod 2048, n ≤ 32) keeps
  // the identities of different clients apart, so that rendezvous does not see twins.
  const base = (col + n * (i % Math.floor(65536 / n))) * 65536;
  // The smallest x < n(n − 1) with base + x ≡ i (mod n) and ≡ i (mod n − 1).
  const m = n > 2 ? n - 1 : 1;
  let x = (((i - base) % n) + n) % n;
  while ((base + x - i) % m !== 0) x += n;
  return (base + x) >>> 0;
}

export function makeFleet(clients: number, relays: number, salt: number, placement: Placement = 'hashed'): Fleet {
  const c = new Uint32Array(clients);
  for (let i = 0; i < clients; i++) c[i] = placement === 'grid' ? gridIdentity(i, relays) : identity(clientName(salt, i));
  const r = Array.from({ length: relays }, (_, j) => identity(relayName(j))).sort((a, b) => a - b);
  return { clients: c, relays: r };
}

/** A ranker: client identity -> relay identities, best first, over the given pool (sorted ascending). */
export type Ranker = (client: number, pool: readonly number[]) => number[];

export function ranker(router: RouterId): Ranker {
  switch (router) {
    case 'textbook':
      return (h, pool) => textbookRank(h, pool.length).map((j) => pool[j]);
    case 'layered':
    case 'rows': {
      const design: LayeredDesign = router === 'layered' ? 'article' : 'rows';
      // The grid depends on the pool's size only; finding its multipliers is a search, done once per size.
      const grids = new Map<number, LayeredGrid>();
      const grid = (n: number): LayeredGrid => grids.get(n) ?? grids.set(n, layeredGrid(n, design)).get(n)!;
      return (h, pool) => layeredRank(h, grid(pool.length)).map((j) => pool[j]);
    }
    case 'rendezvous':
      return (h, pool) => rendezvousRank(h, pool).map((j) => pool[j]);
  }
}

export interface Failover {
  /** Primary clients per relay, in pool order. */
  primary: number[];
  /** The relay that fails: the busiest (lowest index on a tie). */
  failed: number;
  displaced: number;
  /** Where the failed relay's clients went, per relay in pool order (0 at the failed one). */
  moved: number[];
  /** The largest share of the displaced clients any one relay took. */
  maxShare: number;
  /** Pearson's χ² of the primary loads against an even split (n − 1 degrees of freedom). */
  chi2: number;
}

/**
 * Each client's first and second relay (identities) under the router, for clients start … end − 1:
 * the work of a failover study, done in slices so a caller can yield between them.
 */
export function topTwo(fleet: Fleet, router: RouterId, start: number, end: number, first: Uint32Array, second: Uint32Array): void {
  const rank = ranker(router);
  for (let i = start; i < end; i++) {
    const o = rank(fleet.clients[i], fleet.relays);
    first[i] = o[0];
    second[i] = o[1];
  }
}

/** The busiest relay fails; each of its clients takes the next relay its ranking names. */
export function failoverFrom(fleet: Fleet, first: Uint32Array, second: Uint32Array): Failover {
  const pool = fleet.relays;
  const n = pool.length;
  const index = new Map(pool.map((r, j) => [r, j]));
  const primary = new Array<number>(n).fill(0);
  for (const r of first) primary[index.get(r)!]++;
  const failed = primary.indexOf(Math.max(...primary));
  const moved = new Array<number>(n).fill(0);
  let displaced = 0;
  first.forEach((r, i) => {
    if (r !== pool[failed]) return;
    displaced++;
    moved[index.get(second[i])!]++;
  });
  return { primary, failed, displaced, moved, maxShare: displaced ? Math.max(...moved) / displaced : 0, chi2: chiSquare(primary) };
}

export function failover(fleet: Fleet, router: RouterId): Failover {
  const first = new Uint32Array(fleet.clients.length);
  const second = new Uint32Array(fleet.clients.length);
  topTwo(fleet, router, 0, fleet.clients.length, first, second);
  return failoverFrom(fleet, first, second);
}

export interface Churn {
  failed: number;
  /** Clients not on the removed relay. */
  unaffected: number;
  /** Of those, how many changed relay. */
  moved: number;
}

/**
 * N → N − 1: the router's busiest relay leaves the pool for good, the survivors are renumbered
 * in hash order, and every client is routed again on the smaller pool. With `sticky`, a client
 * whose relay is still there keeps it (the article's sticky layer: nothing here is unhealthy).
 */
export function churn(fleet: Fleet, router: RouterId, sticky = false): Churn {
  const rank = ranker(router);
  const pool = fleet.relays;
  const before = Array.from(fleet.clients, (h) => rank(h, pool)[0]);
  const loads = pool.map((r) => before.filter((x) => x === r).length);
  const failed = loads.indexOf(Math.max(...loads));
  const smaller = pool.filter((_, j) => j !== failed);
  let unaffected = 0;
  let moved = 0;
  fleet.clients.forEach((h, i) => {
    if (before[i] === pool[failed]) return;
    unaffected++;
    const after = sticky ? before[i] : rank(h, smaller)[0];
    if (after !== before[i]) moved++;
  });
  return { failed, unaffected, moved };
}
