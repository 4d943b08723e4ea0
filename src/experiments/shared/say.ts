import type { Experiment, Output, Params, Said } from './types.ts';

/**
 * Every sentence's case for one run (the experiment's `say`): what the worker sends with a result
 * and the build computes, so that the page writes the sentences of components/notebook/say.ts.
 */
export function sayAll(exp: Pick<Experiment, 'say'>, params: Params, results: Output['results']): Record<string, Said> {
  return Object.fromEntries(Object.entries(exp.say ?? {}).map(([name, of]) => [name, of(params as never, results)]));
}
