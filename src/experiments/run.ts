import { resolveParams, type ParamError } from './params.ts';
import { registry } from './registry.ts';
import type { Output, ParamValue, Params, RunContext } from './types.ts';

export type Resolved = { ok: true; params: Params } | { ok: false; errors: ParamError[] };

export function resolve(id: string, given: Record<string, string | ParamValue> = {}): Resolved {
  const exp = registry[id];
  if (!exp) {
    return { ok: false, errors: [{ param: 'id', reason: 'unknown', message: `no experiment "${id}"; known: ${Object.keys(registry).join(', ')}` }] };
  }
  return resolveParams(exp.params, given, exp.check?.bind(exp));
}

const quiet: RunContext = { progress: () => {}, signal: new AbortController().signal };

/** Resolves and runs; throws with every parameter problem in the message. */
export async function runExperiment(
  id: string,
  given: Record<string, string | ParamValue> = {},
  ctx: RunContext = quiet,
): Promise<{ params: Params; output: Output }> {
  const r = resolve(id, given);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  const output = await registry[id].run(r.params, ctx);
  return { params: r.params, output };
}
