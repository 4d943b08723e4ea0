import { chiSquare, failover, makeFleet, textbookRank, type Fleet } from '../lib/mols/index.ts';
import { abortError, pause } from './pause.ts';
import type { CheckFailure, Experiment, ResultKind } from './types.ts';

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

/** Primary clients per relay when the textbook formula runs with multiplier m. */
function textbookLoads(fleet: Fleet, m: number): number[] {
  const n = fleet.relays.length;
  const loads = new Array<number>(n).fill(0);
  for (const h of fleet.clients) loads[textbookRank(h, n, m, m)[0]]++;
  return loads;
}

/**
 * Even N (6 by default). The article's "300:300 collapse" comes from multiplier 3 sharing a factor
 * with 6, not from Euler: one Latin square (multiplier 1) spreads primaries evenly. What no
 * square of order 6 can give is an orthogonal backup: the article's router falls back to a single
 * square there, and its failover herds again. Our rows design keeps the spread.
 */
export const molsEven: Experiment<MolsEvenParams> = {
  id: 'mols.even',
  params: {
    clients: { kind: 'int', default: 600, min: 10, max: 20_000 },
    relays: { kind: 'int', default: 6, min: 3, max: 32 },
    multiplier: { kind: 'int', default: 3, min: 1, max: 64 },
    salt: { kind: 'int', default: 0, min: 0, max: 1_000_000_000 },
  },
  check(p): CheckFailure | null {
    if (p.clients < p.relays) {
      return { param: 'clients', code: 'fewer-clients-than-relays', vars: { clients: p.clients, relays: p.relays }, message: `clients (${p.clients}) must be at least relays (${p.relays}), or a relay starts empty` };
    }
    return null;
  },
  resultKind(key): ResultKind {
    if (key.endsWith('.used')) return 'int';
    if (key.startsWith('chi2')) return 'decimal';
    return 'percent';
  },
  async run(p, { progress, signal }) {
    const fleet = makeFleet(p.clients, p.relays, p.salt);
    const share = (xs: number[]) => Math.max(...xs) / xs.reduce((s, x) => s + x, 0);
    const settings: MolsEvenData['settings'] = [];
    for (const m of [p.multiplier, 1]) {
      const primary = textbookLoads(fleet, m);
      settings.push({ id: settings.length ? 'single' : 'collapse', primary, failover: null, maxShare: share(primary), failoverShare: null });
    }
    for (const [k, id] of (['layered', 'rows'] as const).entries()) {
      await pause();
      if (signal.aborted) throw abortError();
      const f = failover(fleet, id);
      settings.push({ id, primary: f.primary, failover: f.moved, maxShare: share(f.primary), failoverShare: f.maxShare });
      progress((k + 1) / 2);
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
