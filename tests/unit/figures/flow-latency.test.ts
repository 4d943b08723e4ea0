import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { flowLatencyFigure } from '../../../components/figures/flow-latency.ts';
import { runExperiment } from '../../../src/experiments/shared/run.ts';
import type { FlowData } from '../../../src/experiments/flow/flow-common.ts';
import { subset } from '../../../src/i18n/index.ts';

describe('flow-latency figure', () => {
  it('draws a row per policy with p50, p95, p99 and the mean, and states the warm-up', async () => {
    const { output } = await runExperiment('flow.compare', { requests: '20000' });
    const data = output.data as FlowData;
    const { document } = new JSDOM('').window;
    const strings = subset('en', ['fig.']);
    const node = flowLatencyFigure.plot(data, { width: 640, document, locale: 'en', strings });
    const svg = node.tagName.toLowerCase() === 'svg' ? node : node.querySelector('svg[aria-label]')!;
    expect(svg.getAttribute('aria-label')).toBe(strings['fig.flow-latency.aria']);
    expect(svg.querySelectorAll('g[aria-label="dot"] > *')).toHaveLength(3 * 4);
    expect(node.textContent).toContain('warm-up of 4,000');
    const yLabels = Array.from(svg.querySelectorAll('g[aria-label="y-axis tick label"] text')).map((t) => t.textContent);
    expect(yLabels).toEqual(['random', 'p2c', 'jsq']);
  });

  it('gives a row per policy in the page’s language', async () => {
    const { output } = await runExperiment('flow.compare', { requests: '20000' });
    const { document } = new JSDOM('').window;
    const table = flowLatencyFigure.table(output.data as FlowData, { width: 640, document, locale: 'ko', strings: subset('ko', ['fig.']) });
    expect(table.columns[0]).toBe('정책');
    expect(table.rows.map((r) => r[0])).toEqual(['random', 'p2c', 'jsq']);
    expect(table.rows[0]).toHaveLength(table.columns.length);
  });
});
