import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { compileC } from '../../../scripts/bench/timing.ts';
import { openFlow } from '../../../src/kernels/flow.ts';
import { setKernelModule } from '../../../src/kernels/load.ts';
import { POLICIES, summarise, type Policy } from '../../../src/lib/flow/index.ts';

/**
 * The bench's C baseline (scripts/bench-baselines/flow.c) runs the same requests as the engine
 * and the kernel for every policy, the production ones included: the same latencies to the bit
 * (FNV-1a over their bits, as flow.c prints it) and the same mean. `npm run bench` checks it on
 * its own runs too; this keeps flow.c honest without the bench. Skipped, as the bench's C rows
 * are, on a machine with no C compiler (`CC`, else cc); a compiler that refuses flow.c fails it.
 */
const c = compileC('flow.c', ['-ffp-contract=off', '-lm']);
const noCompiler = c.reason?.startsWith('no C compiler') ?? false;

function latencyHash(latencies: Float64Array, count: number): number {
  const words = new Uint32Array(latencies.buffer, latencies.byteOffset, 2 * count);
  let h = 2166136261;
  for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 16777619) >>> 0;
  return h;
}

async function engine(kernel: boolean, policy: Policy, servers: number, requests: number, seed: number) {
  if (!kernel) setKernelModule(null);
  const warmup = Math.floor(requests / 5);
  const s = await openFlow({ servers, speeds: [1], load: 0.9, policy, choices: 2, refresh: 0, seed }, requests - warmup);
  setKernelModule(undefined);
  expect(s.onKernel).toBe(kernel);
  s.run(warmup, false);
  s.run(requests - warmup, true);
  const m = s.measurement();
  const hash = latencyHash(m.latencies, m.count);
  return { mean: summarise(m).mean, hash };
}

afterEach(() => setKernelModule(undefined));

describe.skipIf(noCompiler)('flow.c, the bench’s C baseline', () => {
  it('compiles', () => {
    expect(c.reason).toBeUndefined();
  });

  it.each(POLICIES)('%s: the same latencies as the engine and the kernel, to the bit (1, 2, 7 and 40 servers, two seeds)', async (policy) => {
    for (const servers of [1, 2, 7, 40]) {
      for (const seed of [1, 9]) {
        const requests = 30_000;
        const out = spawnSync(c.binary!, [String(servers), policy, String(requests), String(seed)], { encoding: 'utf8' });
        expect(out.status, out.stderr).toBe(0);
        const { mean, hash } = JSON.parse(out.stdout) as { mean: number; hash: number };
        const at = `${policy}, ${servers} servers, seed ${seed}`;
        expect({ mean, hash }, `${at}: flow.c against the TypeScript engine`).toEqual(await engine(false, policy, servers, requests, seed));
        expect({ mean, hash }, `${at}: flow.c against the kernel`).toEqual(await engine(true, policy, servers, requests, seed));
      }
    }
  });
});
