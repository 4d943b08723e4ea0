import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eventRunner } from '../../../src/kernels/events.ts';
import { setKernelModule } from '../../../src/kernels/load.ts';
import { makeRng, type GeneratorName } from '../../../src/lib/random/index.ts';
import { makeSystem, runEvents, type Choice, type QueueSystem } from '../../../src/lib/supermarket/index.ts';

interface Case {
  start: number[];
  lambda: number;
  d: number;
  /** 'live': the supermarket; 'stale': a copy of the start as the view; 'pool': a stale view and a pool. */
  view: 'live' | 'stale' | 'pool';
  poolSize: number;
  chunks: number[];
  generator: GeneratorName;
  seed: number;
}

function setup(c: Case): { sys: QueueSystem; choice: Choice } {
  const sys = makeSystem(c.lambda, Int32Array.from(c.start));
  const n = sys.n;
  if (c.view === 'live') return { sys, choice: { view: sys.queues, d: c.d, pool: null, poolSize: n } };
  const view = Int32Array.from(c.start);
  if (c.view === 'stale') return { sys, choice: { view, d: c.d, pool: null, poolSize: n } };
  const pool = Int32Array.from({ length: n }, (_, i) => (i * 7) % n);
  return { sys, choice: { view, d: c.d, pool, poolSize: Math.min(n, c.poolSize) } };
}

/** The system, the view and the generator's next draw after running the chunks. */
function after(c: Case, run: (sys: QueueSystem, choice: Choice, events: number, rng: ReturnType<typeof makeRng>) => void) {
  const { sys, choice } = setup(c);
  const rng = makeRng(c.generator, c.seed);
  for (const events of c.chunks) run(sys, choice, events, rng);
  return { sys: { ...sys, queues: Array.from(sys.queues) }, view: Array.from(choice.view), next: rng.nextUint32() };
}

const cases = fc.record({
  start: fc.array(fc.nat({ max: 6 }), { minLength: 1, maxLength: 300 }),
  lambda: fc.double({ min: 0.05, max: 0.99, noNaN: true }),
  d: fc.integer({ min: 1, max: 5 }),
  view: fc.constantFrom<Case['view']>('live', 'stale', 'pool'),
  poolSize: fc.integer({ min: 1, max: 300 }),
  chunks: fc.array(fc.nat({ max: 5_000 }), { minLength: 1, maxLength: 3 }),
  generator: fc.constantFrom<GeneratorName>('cpython', 'fast'),
  seed: fc.nat({ max: 2 ** 40 }),
});

describe('the event-loop kernel (WebAssembly)', () => {
  afterEach(() => setKernelModule(undefined));

  it('runs runEvents\' chain draw for draw: queues, counts, area and the generator after, on live and stale views and pools', async () => {
    const onKernel = await eventRunner();
    expect(onKernel).not.toBe(runEvents);
    fc.assert(
      fc.property(cases, (c) => {
        expect(after(c, onKernel)).toEqual(after(c, runEvents));
      }),
      { numRuns: 50 },
    );
  });

  it('is runEvents itself when the kernel cannot load', async () => {
    setKernelModule(null);
    expect(await eventRunner()).toBe(runEvents);
  });
});
