import { resolveParams, type ParamError } from './params.ts';
import { registry, type DataOf, type ExperimentId } from '../registry.ts';
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

/** An experiment's output, typed by its id when the id is known to the compiler. */
export type OutputOf<I extends string> = Output<I extends ExperimentId ? DataOf<I> : unknown>;

/** Resolves and runs; throws with every parameter problem in the message. */
export async function runExperiment<I extends string>(
  id: I,
  given: Record<string, string | ParamValue> = {},
  ctx: RunContext = quiet,
): Promise<{ params: Params; output: OutputOf<I> }> {
  const r = resolve(id, given);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  // The registry is the typed table read by a string: the id picks the same entry.
  const output = (await registry[id].run(r.params, ctx)) as OutputOf<I>;
  return { params: r.params, output };
}
