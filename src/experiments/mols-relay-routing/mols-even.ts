import { failoverFrom, makeFleet, textbookRank, topTwo, type Fleet } from '../../lib/mols/index.ts';
import { chiSquare } from '../../lib/stats/dispersion.ts';
import { CHUNK } from './mols-failover.ts';
import { enoughClients } from './mols-check.ts';
import { meter } from '../shared/meter.ts';
import type { Experiment, ResultKind } from '../shared/types.ts';

export interface MolsEvenParams extends Record<string, number | string | readonly number[]> {
  clients: number;
  relays: number;
  multiplier: number;
  salt: number;
}

export type EvenSetting = 'collapse' | 'single' | 'layered' | 'rows';

export interface MolsEvenData {
  clients: number;
  relays: number;
  multiplier: number;
  settings: { id: EvenSetting; primary: number[]; failover: number[] | null; maxShare: number; failoverShare: number | null }[];
}

/** Adds clients start … end − 1 to the primary loads of the textbook formula with multiplier m. */
function textbookLoads(fleet: Fleet, m: number, start: number, end: number, loads: number[]): void {
  const n = fleet.relays.length;
  for (let i = start; i < end; i++) loads[textbookRank(fleet.clients[i], n, m, m)[0]]++;
}

/**
 * Even N (6 by default). The article's "300:300 collapse" comes from multiplier 3 sharing a factor
 * with 6, not from Euler: one Latin square (multiplier 1) spreads primaries evenly. What no
 * square of order 6 can give is an orthogonal backup: the article's router falls back to a single
 * square there, and its failover herds again. Our rows design keeps the spread.
 */
export const molsEven: Experiment<MolsEvenParams, MolsEvenData, 'mols-even'> = {
  id: 'mols.even',
  summary: 'even N: how the textbook squares collapse and what the router does instead',
  figures: ['mols-even'],
  cost: {
    work: (p) => p.clients * p.relays,
    knob: 'clients',
    secondsPerUnit: 6.55e-7,
    probes: { calibrate: { clients: '100000' }, check: { clients: '30000', relays: '20', multiplier: '7' } },
    slow: { clients: '200000', relays: '32' },
  },
  primary: ['clients', 'relays', 'multiplier'],
  params: {
    clients: { kind: 'int', default: 600, min: 10, max: 200_000 },
    relays: { kind: 'int', default: 6, min: 3, max: 32 },
    multiplier: { kind: 'int', default: 3, min: 1, max: 64 },
    salt: { kind: 'int', default: 0, min: 0, max: 1_000_000_000 },
  },
  check: enoughClients,
  resultKind(key): ResultKind {
    if (key.endsWith('.used')) return 'int';
    if (key.startsWith('chi2')) return 'decimal';
    return 'percent';
  },
  async run(p, ctx) {
    const fleet = makeFleet(p.clients, p.relays, p.salt);
    const share = (xs: number[]) => Math.max(...xs) / xs.reduce((s, x) => s + x, 0);
    const settings: MolsEvenData['settings'] = [];
    const bar = meter(4 * p.clients, ctx);
    // Slices of clients, with a yield after each: cancel is read within a few ms.
    const slices = async (work: (start: number, end: number) => void): Promise<void> => {
      for (let start = 0; start < p.clients; start += CHUNK) {
        const end = Math.min(p.clients, start + CHUNK);
        work(start, end);
        await bar.advance(end - start);
      }
    };
    for (const m of [p.multiplier, 1]) {
      const primary = new Array<number>(p.relays).fill(0);
      await slices((start, end) => textbookLoads(fleet, m, start, end, primary));
      settings.push({ id: settings.length ? 'single' : 'collapse', primary, failover: null, maxShare: share(primary), failoverShare: null });
    }
    const first = new Uint32Array(p.clients);
    const second = new Uint32Array(p.clients);
    for (const id of ['layered', 'rows'] as const) {
      await slices((start, end) => topTwo(fleet, id, start, end, first, second));
      const f = failoverFrom(fleet, first, second);
      settings.push({ id, primary: f.primary, failover: f.moved, maxShare: share(f.primary), failoverShare: f.maxShare });
    }
    const [collapse, single, layered, rows] = settings;
    const results: Record<string, number> = {
      'collapse.max_share': collapse.maxShare,
      'collapse.used': collapse.primary.filter((x) => x > 0).length,
      'single.max_share': single.maxShare,
      even_share: 1 / p.relays,
      'layered.max_share': layered.maxShare,
      'layered.failover': layered.failoverShare!,
      'rows.failover': rows.failoverShare!,
      ideal_failover: 1 / (p.relays - 1),
      chi2_single: chiSquare(single.primary),
    };
    return { results, data: { clients: p.clients, relays: p.relays, multiplier: p.multiplier, settings } satisfies MolsEvenData };
  },
};
