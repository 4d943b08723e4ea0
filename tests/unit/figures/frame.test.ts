import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { framed, topClear } from '../../../components/figures/frame.ts';

/** The y (in svg pixels) a group's or text's translate puts it at: the sum of its own and its ancestors' translates. */
function yOf(el: Element): number {
  let y = 0;
  for (let e: Element | null = el; e && e.tagName.toLowerCase() !== 'svg'; e = e.parentElement) {
    const m = /translate\(\s*[-\d.]+\s*,\s*([-\d.]+)\s*\)/.exec(e.getAttribute('transform') ?? '');
    if (m) y += Number(m[1]);
  }
  return y;
}

describe('framed: a y label above its axis', () => {
  for (const [name, marginTop, label] of [
    ['Plot’s default top margin', undefined, 'Keys that miss the cache'],
    ['a tight top margin', 12, 'Balls in the fullest bin'],
    ['a label that wraps to two lines', 20, 'A label long enough that it has to wrap at this width, twice over'],
  ] as const) {
    it(`keeps the top tick's label clear below the axis label (${name})`, () => {
      const { document } = new JSDOM('').window;
      const svg = framed({ document, width: 240 }, { height: 200, marginTop, y: { domain: [0, 1], label, labelArrow: 'none', tickFormat: (v: number) => `${v * 100}%` }, marks: [] });
      const texts = [...svg.querySelectorAll('text')];
      const top = texts.find((t) => t.textContent === '100%');
      const axisLabel = texts.find((t) => t.textContent !== null && label.startsWith(t.textContent.split('\n')[0].slice(0, 8)) && t.textContent.length > 4);
      expect(top, 'no top tick').toBeDefined();
      expect(axisLabel, 'no axis label').toBeDefined();
      const lines = Math.max(1, axisLabel!.querySelectorAll('tspan').length);
      // The label's top is 3 px below the svg's; its lines are 15 px; the tick's label is centred
      // on the frame's top edge and about 13 px tall: half of it above the edge.
      const labelBottom = yOf(axisLabel!) + lines * 15;
      const tickTop = yOf(top!) - 6.5;
      expect(tickTop - labelBottom).toBeGreaterThanOrEqual(2);
      // A chart drawn with a given height keeps its frame's height.
      const frameTop = yOf(top!);
      expect(Number(svg.getAttribute('height')) - frameTop).toBe(200 - (marginTop ?? 20));
      expect(frameTop).toBeGreaterThanOrEqual(topClear(lines, 13));
    });
  }
});
