import { describe, expect, it } from 'vitest';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';
import type { SwrrTraceData } from '../../../../src/experiments/smooth-weighted-round-robin/swrr-trace.ts';

describe('swrr.trace', () => {
  it('with its defaults reproduces the article’s table: ABACABABA, all zeros after round 9', async () => {
    const { params, output } = await runExperiment('swrr.trace');
    expect(params).toEqual({ weights: [5, 3, 1], names: '철수, 영희, 민수', rounds: 9 });
    expect(output.results).toEqual({ sequence: 'ABACABABA', total: 9, 'zero.round': 9, 'longest.run': 1 });
    const data = output.data as SwrrTraceData;
    expect(data.names).toEqual(['철수', '영희', '민수']);
    expect(data.rows[3]).toEqual({ round: 4, added: [2, 3, 4], picked: 2, after: [2, 3, -5] });
  });

  it('repeats the cycle past round 9 and reads names with either comma', async () => {
    const { output } = await runExperiment('swrr.trace', { rounds: '18', names: 'a，b, c' });
    expect(output.results.sequence).toBe('ABACABABAABACABABA');
    expect((output.data as SwrrTraceData).names).toEqual(['a', 'b', 'c']);
  });

  it('a weight 0 is never picked; zero.round is 0 when no round ends at all zeros', async () => {
    const { output } = await runExperiment('swrr.trace', { weights: '0,2,1', rounds: '2' });
    expect(output.results.sequence).toBe('BC');
    expect(output.results['zero.round']).toBe(0);
  });

  it('refuses all-zero weights, a name count that does not match, and an empty name, each with its code', () => {
    const code = (given: Record<string, string>) => {
      const r = resolve('swrr.trace', given);
      return r.ok ? null : r.errors[0].code;
    };
    expect(code({ weights: '0,0,0' })).toBe('all-zero-weights');
    expect(code({ weights: '5,3' })).toBe('names-count');
    expect(code({ names: 'a,,c' })).toBe('name-length');
    expect(code({ weights: '1,2,3,4', names: 'a,b,c,d' })).toBeNull();
  });
});
