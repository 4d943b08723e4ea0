import { resolveParams } from '../experiments/shared/params.ts';
import { registry } from '../experiments/registry.ts';
import type { Experiment, Output, ParamValue, Params } from '../experiments/shared/types.ts';
import { runOnce } from './memo.ts';
import { runTag } from './run-key.ts';

/** A run as a component names it: the experiment, its parameters resolved and the run's tag. */
export interface NamedRun {
  experiment: Experiment;
  /** Every parameter, the defaults filled in. */
  params: Params;
  /** runTag of the run: `data-run` in the page. */
  tag: string;
}

/** A build run as a component reads it: the named run and its output. */
export interface BuildRun extends NamedRun {
  output: Output;
}

/**
 * The run a component names, without running it: the experiment by id, its parameters resolved
 * and checked, and the run's tag. `who` names the component in the build's error (`Cell p2c-grid`,
 * `Value`): an unknown experiment or a refused parameter stops the build there.
 */
export function nameRun(who: string, id: string, given: Record<string, string | ParamValue> = {}): NamedRun {
  const experiment = registry[id];
  if (!experiment) throw new Error(`${who}: no experiment "${id}"`);
  const resolved = resolveParams(experiment.params, given, experiment.check?.bind(experiment));
  if (!resolved.ok) throw new Error(`${who}: ${id}: ${resolved.errors.map((e) => e.message).join('; ')}`);
  return { experiment, params: resolved.params, tag: runTag(id, resolved.params) };
}

/**
 * The build-time path of every component that shows a run (a cell, a Value, the flow view, the
 * headlines): the run named (nameRun), then computed once per build (memo.ts).
 */
export async function buildRun(who: string, id: string, given: Record<string, string | ParamValue> = {}): Promise<BuildRun> {
  const named = nameRun(who, id, given);
  const { output } = await runOnce(id, given);
  return { ...named, output };
}
