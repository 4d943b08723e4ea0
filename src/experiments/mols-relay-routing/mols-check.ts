import type { CheckFailure } from '../shared/types.ts';

/** The MOLS cells' shared check: at least as many clients as relays, or a relay starts empty. */
export function enoughClients(p: { clients: number; relays: number }): CheckFailure | null {
  if (p.clients >= p.relays) return null;
  return { param: 'clients', code: 'fewer-clients-than-relays', vars: { clients: p.clients, relays: p.relays }, message: `clients (${p.clients}) must be at least relays (${p.relays}), or a relay starts empty` };
}
