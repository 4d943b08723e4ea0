import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { scrubValue, stepAt, valueAt } from '../../../components/notebook/axis-scrub.ts';
import { figureFor } from '../../../components/figures/pairing.ts';
import type { Scrub } from '../../../components/figures/scrub.ts';
import type { ParamSpec } from '../../../src/experiments/shared/types.ts';
import { runExperiment } from '../../../src/experiments/shared/run.ts';
import { subset } from '../../../src/i18n/index.ts';

const lambdaSpec: ParamSpec = { kind: 'number', default: 0.95, min: 0.1, max: 0.99 };
const pointsSpec: ParamSpec = { kind: 'int', default: 160, min: 1, max: 100_000 };
const linear: Scrub = { param: 'lambda', type: 'linear', domain: [0.1, 1], range: [52, 612], y: [20, 296] };
const log: Scrub = { param: 'points', type: 'log', domain: [1, 10_000], range: [56, 456], y: [20, 256] };

describe('axis scrub: pixel to parameter', () => {
  it('reads a linear axis, clamped to its ends', () => {
    expect(valueAt(linear, 52)).toBeCloseTo(0.1);
    expect(valueAt(linear, 612)).toBeCloseTo(1);
    expect(valueAt(linear, 332)).toBeCloseTo(0.55);
    expect(valueAt(linear, 0)).toBeCloseTo(0.1);
    expect(valueAt(linear, 900)).toBeCloseTo(1);
  });

  it('reads a log axis', () => {
    expect(valueAt(log, 56)).toBeCloseTo(1);
    expect(valueAt(log, 256)).toBeCloseTo(100);
    expect(valueAt(log, 356)).toBeCloseTo(1000);
  });

  it('snaps a number to a round step about a pixel wide, within its bounds', () => {
    // 0.9 over 560 px: 0.0016 a pixel, so hundredths.
    expect(stepAt(linear, lambdaSpec, 0.5)).toBeCloseTo(0.01);
    expect(scrubValue(linear, lambdaSpec, 52 + (0.8731 - 0.1) * (560 / 0.9))).toBe(0.87);
    // The axis reaches 1, the parameter stops at 0.99; and it starts at 0.1.
    expect(scrubValue(linear, lambdaSpec, 612)).toBe(0.99);
    expect(scrubValue(linear, lambdaSpec, 10)).toBe(0.1);
    // A parameter's own, coarser step wins.
    expect(scrubValue(linear, { ...lambdaSpec, step: 0.05 }, 52 + (0.8731 - 0.1) * (560 / 0.9))).toBe(0.85);
  });

  it('snaps an integer on a log axis to whole, round values, within its bounds', () => {
    const at = (k: number) => 56 + (Math.log10(k) / 4) * 400;
    // Near 160: ln(10 000)/400 x 160 ≈ 3.7 a pixel, so tens; near 1 234, hundreds.
    expect(scrubValue(log, pointsSpec, at(163))).toBe(160);
    expect(scrubValue(log, pointsSpec, at(1234))).toBe(1200);
    // Below ten a pixel is worth less than one: whole numbers.
    expect(scrubValue(log, pointsSpec, at(3.2))).toBe(3);
    expect(Number.isInteger(scrubValue(log, pointsSpec, at(47.3)))).toBe(true);
    expect(scrubValue(log, pointsSpec, 0)).toBe(1);
    expect(scrubValue(log, { ...pointsSpec, max: 5000 }, 1000)).toBe(5000);
  });

  it('leaves parameters that are not numbers alone', () => {
    expect(scrubValue(linear, { kind: 'choice', default: 'a', options: ['a', 'b'] }, 100)).toBeNull();
  });
});

describe('axis scrub: the figures that declare it', () => {
  it.each([
    ['supermarket.t', 'supermarket-t', 'lambda', 'linear'],
    ['ketama.spread', 'ketama-spread', 'points', 'log'],
  ] as const)('%s draws %s with a scrub of %s on its x axis', async (id, figure, param, type) => {
    const { output } = await runExperiment(id, id === 'ketama.spread' ? { rings: '2' } : { horizon: '20', n: '10' });
    const { document } = new JSDOM('').window;
    const node = figureFor(id, figure).plot(output.data, { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    const svg = node.matches('svg[data-scrub]') ? node : node.querySelector('svg[data-scrub]')!;
    const scrub = JSON.parse(svg.getAttribute('data-scrub')!) as Scrub;
    expect(scrub.param).toBe(param);
    expect(scrub.type).toBe(type);
    expect(scrub.range[1]).toBeGreaterThan(scrub.range[0]);
    expect(scrub.y[1]).toBeGreaterThan(scrub.y[0]);
    expect(svg.getAttribute('aria-label')).toBeTruthy();
  });
});
