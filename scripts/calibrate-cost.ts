/**
 * `npm run calibrate`: measures the cost model's constants (src/experiments/shared/cost.ts). Each
 * experiment runs at a probe parameter set that takes a fraction of a second, three times; the
 * median CPU seconds (this process's, so other load on the machine counts little) less the floor,
 * divided by the work, is its seconds per unit. Prints one line per experiment: the value for
 * `cost.secondsPerUnit` in its definition (src/experiments/<chapter>/<group>-<name>.ts).
 * `npm run calibrate -- <prefix>` measures only the experiments whose id starts with it.
 */
import { FLOOR } from '../src/experiments/shared/cost.ts';
import { cpuRuns, PROBES } from './cost-probes.ts';

async function cpuSeconds(id: string, given: Record<string, string>): Promise<{ seconds: number; work: number }> {
  const { seconds, work } = await cpuRuns(id, given, 3);
  return { seconds: seconds.sort((x, y) => x - y)[1], work };
}

const lines: string[] = [];
const only = process.argv[2];
for (const id of Object.keys(PROBES).filter((x) => !only || x.startsWith(only))) {
  const { seconds, work } = await cpuSeconds(id, PROBES[id].calibrate);
  const rate = Math.max(seconds - FLOOR, 0) / work;
  process.stderr.write(`${id}: ${seconds.toFixed(3)} s CPU for ${work.toExponential(3)} units\n`);
  lines.push(`${id}: secondsPerUnit: ${rate.toPrecision(3)},`);
}
console.log(lines.join('\n'));
