import { failoverFrom, makeFleet, topTwo, type Failover, type Placement, type RouterId } from '../../lib/mols/index.ts';
import { enoughClients } from './mols-check.ts';
import { meter } from '../shared/meter.ts';
import type { Experiment, ResultKind } from '../shared/types.ts';

export interface MolsFailoverParams extends Record<string, number | string | readonly number[]> {
  clients: number;
  relays: number;
  placement: string;
  salt: number;
}

export const FAILOVER_ROUTERS: readonly RouterId[] = ['textbook', 'layered', 'rows', 'rendezvous'];

export interface MolsFailoverData {
  clients: number;
  relays: number;
  placement: Placement;
  ideal: number;
  routers: (Failover & { id: RouterId })[];
}

/** Rankings computed per run: clients × 4 routers. */
export const MAX_FAILOVER_CLIENTS = 200_000;
/** Clients ranked between two yields: a few ms at 32 relays. */
export const CHUNK = 2_000;

/**
 * The busiest relay fails; where do its clients go? Four routers on the same clients: the textbook
 * formula, the article's layered (dual-target) router, our rows-1…n−1 variant of it, and
 * rendezvous hashing. Primary loads are compared by χ² against an even split.
 */
export const molsFailover: Experiment<MolsFailoverParams, MolsFailoverData, 'mols-failover'> = {
  id: 'mols.failover',
  summary: "where a dead relay's clients go: MOLS routers against rendezvous hashing",
  figures: ['mols-failover'],
  cost: {
    // Clients ranked.
    work: (p) => p.clients * p.relays,
    knob: 'clients',
    secondsPerUnit: 7.05e-7,
    probes: { calibrate: { clients: '20000' }, check: { clients: '5000', relays: '20' } },
    // 200 000 clients x 4 routers x 32 relays: seconds of rankings.
    slow: { clients: '200000', relays: '32' },
  },
  primary: ['clients', 'relays', 'placement'],
  params: {
    clients: { kind: 'int', default: 700, min: 10, max: MAX_FAILOVER_CLIENTS },
    relays: { kind: 'int', default: 7, min: 3, max: 32 },
    placement: { kind: 'choice', default: 'hashed', options: ['hashed', 'grid'] },
    salt: { kind: 'int', default: 0, min: 0, max: 1_000_000_000 },
  },
  check: enoughClients,
  resultKind(key): ResultKind {
    if (key.startsWith('chi2.')) return 'decimal';
    if (key.startsWith('displaced.')) return 'int';
    return 'percent';
  },
  async run(p, ctx) {
    const placement = p.placement as Placement;
    const fleet = makeFleet(p.clients, p.relays, p.salt, placement);
    const routers: MolsFailoverData['routers'] = [];
    const first = new Uint32Array(p.clients);
    const second = new Uint32Array(p.clients);
    const bar = meter(p.clients * FAILOVER_ROUTERS.length, ctx);
    for (const id of FAILOVER_ROUTERS) {
      for (let start = 0; start < p.clients; start += CHUNK) {
        const end = Math.min(p.clients, start + CHUNK);
        topTwo(fleet, id, start, end, first, second);
        await bar.advance(end - start);
      }
      routers.push({ id, ...failoverFrom(fleet, first, second) });
    }
    const by = (id: RouterId) => routers.find((r) => r.id === id)!;
    const results: Record<string, number> = {};
    for (const r of routers) results[`max_share.${r.id}`] = r.maxShare;
    results.ideal_share = 1 / (p.relays - 1);
    results.structural_share = 2 / p.relays;
    for (const id of ['textbook', 'layered', 'rendezvous'] as const) results[`chi2.${id}`] = by(id).chi2;
    results['displaced.layered'] = by('layered').displaced;
    const data: MolsFailoverData = { clients: p.clients, relays: p.relays, placement, ideal: 1 / (p.relays - 1), routers };
    return { results, data };
  },
};
