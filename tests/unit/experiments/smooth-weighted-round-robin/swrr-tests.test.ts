import { describe, expect, it } from 'vitest';
import { resolve, runExperiment } from '../../../../src/experiments/shared/run.ts';

const verdicts = async (scheme: string, callers = '10') => {
  const { output } = await runExperiment('swrr.tests', { scheme, callers });
  return [output.results.ratio, output.results.equal, output.results.smooth, output.results.concurrent];
};

describe('swrr.tests', () => {
  it('SWRR passes the article’s four tests', async () => {
    expect(await verdicts('swrr')).toEqual(['pass', 'pass', 'pass', 'pass']);
  });
  it('plain round robin fails the two that check weights', async () => {
    expect(await verdicts('rr')).toEqual(['fail', 'pass', 'pass', 'fail']);
  });
  it('burst WRR passes all four: at 2:1 its bursts are 2 long, so test 3 cannot tell it from SWRR', async () => {
    expect(await verdicts('wrr')).toEqual(['pass', 'pass', 'pass', 'pass']);
    const { output } = await runExperiment('swrr.tests', { scheme: 'wrr' });
    expect(output.results['smooth.got']).toBe('AABAABAABAAB (2)');
  });
  it('an unlocked SWRR keeps the shares (test 4 passes) but bunches the picks', async () => {
    expect(await verdicts('unlocked')).toEqual(['pass', 'pass', 'pass', 'pass']);
    const locked = await runExperiment('swrr.tests');
    const unlocked = await runExperiment('swrr.tests', { scheme: 'unlocked' });
    expect(locked.output.results['concurrent.run']).toBe(2);
    expect(unlocked.output.results['concurrent.run'] as number).toBeGreaterThan(2);
  });
  it('refuses picks per caller that are not whole cycles', () => {
    const r = resolve('swrr.tests', { picks: '50' });
    expect(r.ok ? null : r.errors[0].code).toBe('not-whole-cycles');
  });
});
