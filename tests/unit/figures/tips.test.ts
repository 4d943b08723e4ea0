import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { chashRingFigure } from '../../../components/figures/chash-ring.ts';
import { MAX_TIPS, reading, thin, tipsOf } from '../../../components/figures/tips.ts';
import type { RingData } from '../../../src/experiments/consistent-hashing/chash-ring.ts';
import { runExperiment } from '../../../src/experiments/shared/run.ts';
import { subset } from '../../../src/i18n/index.ts';

describe('tips: the marks read on hover, tap and focus', () => {
  it('thins evenly to at most MAX_TIPS, keeping both ends', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => i);
    const t = thin(rows);
    expect(t).toHaveLength(MAX_TIPS);
    expect(t[0]).toBe(0);
    expect(t[t.length - 1]).toBe(999);
    expect(thin([1, 2, 3])).toEqual([1, 2, 3]);
  });

  it('joins label: value pairs and leaves out the empty ones', () => {
    expect(reading('d=2', ['n', '1,000'], false, null)).toBe('d=2\nn: 1,000');
  });

  it('the ring: one tab stop, its readings in the locale, and one colour per node in its key', async () => {
    const { output } = await runExperiment('chash.ring', { nodes: '9' });
    const { document } = new JSDOM('').window;
    const node = chashRingFigure.plot(output.data as RingData, { width: 640, document, locale: 'ko', strings: subset('ko', ['fig.']) });
    const svg = node.querySelector('svg[data-tips]')!;
    expect(svg.getAttribute('tabindex')).toBe('0');
    const tips = tipsOf(svg);
    expect(tips.length).toBeGreaterThan(9);
    expect(tips[0][2]).toMatch(/의 점/);
    const fills = Array.from(node.querySelectorAll('[class$="-swatch"] svg'), (s) => s.getAttribute('fill'));
    expect(fills).toHaveLength(10);
    expect(new Set(fills).size).toBe(10);
  });
});
