import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { binGrid } from '../../../components/figures/bin-grid.ts';
import { figures } from '../../../components/figures/index.ts';
import type { ListHand } from '../../../components/figures/steppers.ts';
import type { DragScrub } from '../../../components/figures/scrub.ts';
import { dragValue } from '../../../components/notebook/axis-scrub.ts';
import { keyTarget, moveItem } from '../../../components/notebook/item-steppers.ts';
import type { ParamSpec } from '../../../src/experiments/shared/types.ts';
import { runExperiment } from '../../../src/experiments/shared/run.ts';
import { fill, subset } from '../../../src/i18n/index.ts';

type ListSpec = Extract<ParamSpec, { kind: 'int-list' }>;
const choices: ListSpec = { kind: 'int-list', default: [1, 2], min: 1, max: 8, maxItems: 4 };
const weights: ListSpec = { kind: 'int-list', default: [5, 3, 1], min: 0, max: 100, maxItems: 12, distinct: false };
const side: ParamSpec = { kind: 'int', default: 30, min: 5, max: 60 };

describe('item steppers: a list item stepped from the figure', () => {
  it('steps an item within its bounds, and not past them', () => {
    expect(moveItem([5, 3, 1], 2, 2, weights)).toEqual([5, 3, 2]);
    expect(moveItem([5, 3, 1], 0, 0, weights)).toEqual([0, 3, 1]);
    expect(moveItem([100, 3, 1], 0, 101, weights)).toBeNull();
    expect(moveItem([5, 3, 1], 0, 250, weights)).toEqual([100, 3, 1]);
    expect(moveItem([1, 2], 0, 0, choices)).toBeNull();
  });

  it('passes over a value another item holds in a distinct list, and backs off from a taken bound', () => {
    expect(moveItem([1, 2], 0, 2, choices)).toEqual([3, 2]);
    expect(moveItem([3, 2], 0, 2, choices)).toEqual([1, 2]);
    expect(moveItem([1, 8], 0, 8, choices)).toEqual([7, 8]);
    expect(moveItem([7, 8], 0, 8, choices)).toBeNull();
    expect(moveItem([2, 1], 0, 1, choices)).toBeNull();
    // Weights may repeat.
    expect(moveItem([5, 3, 1], 2, 3, weights)).toEqual([5, 3, 3]);
  });

  it('keeps one item above zero where the list must (SWRR: someone to pick)', () => {
    expect(moveItem([0, 0, 1], 2, 0, weights, true)).toBeNull();
    expect(moveItem([0, 0, 1], 2, 0, weights)).toEqual([0, 0, 0]);
    expect(moveItem([0, 2, 1], 2, 0, weights, true)).toEqual([0, 2, 0]);
  });

  it('reads the spin button’s keys: arrows by one, pages by ten, Home and End to the bounds', () => {
    expect(['ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'PageUp', 'PageDown', 'Home', 'End', 'Enter'].map((k) => keyTarget(k, 5, weights))).toEqual([6, 6, 4, 4, 15, -5, 0, 100, null]);
  });
});

describe('the balls grid’s drag: the side from the value drawn', () => {
  const mark: DragScrub = { param: 'side', type: 'drag', at: 30, range: [4, 554], y: [4, 258] };
  it('moves the whole span across the chart’s width, whole and within bounds', () => {
    expect(dragValue(mark, side, 0)).toBe(30);
    expect(dragValue(mark, side, 110)).toBe(41);
    expect(dragValue(mark, side, -5)).toBe(30);
    expect(dragValue(mark, side, -6)).toBe(29);
    expect(dragValue(mark, side, 550)).toBe(60);
    expect(dragValue(mark, side, -550)).toBe(5);
    expect(dragValue(mark, { kind: 'choice', default: 'a', options: ['a'] }, 10)).toBeNull();
  });
});

describe('the figures that mark their hands', () => {
  it.each(['ko', 'en'] as const)('bin-grid (%s): its titles step each d, its chart drags the side from the side drawn', async (locale) => {
    const { output } = await runExperiment('balls.grid', { side: '6', choices: '1,3' });
    const { document } = new JSDOM('').window;
    const strings = subset(locale, ['fig.']);
    const node = binGrid.plot(output.data as Parameters<typeof binGrid.plot>[0], { width: 640, document, locale, strings });
    const titles = node.querySelector('.bin-grid-titles')!;
    const hand = JSON.parse(titles.getAttribute('data-list-hand')!) as ListHand;
    expect(hand.param).toBe('choices');
    expect(hand.items.map((i) => i.value)).toEqual([1, 3]);
    expect(hand.items[1].label).toBe(fill(strings['fig.bin-grid.hand.item'], { index: 2 }));
    expect(Array.from(titles.children, (t) => t.getAttribute('data-item'))).toEqual(['0', '1']);
    const drag = JSON.parse(node.querySelector('svg[data-scrub]')!.getAttribute('data-scrub')!) as DragScrub;
    expect(drag).toMatchObject({ param: 'side', type: 'drag', at: 6 });
    expect(drag.range[1]).toBeGreaterThan(drag.range[0]);
    expect(fill(drag.readout!, { value: '6', square: '36' })).toMatch(/36/);
  });

  it.each(['ko', 'en'] as const)('swrr-trace (%s): each entry of its key steps that node’s weight, and one stays above 0', async (locale) => {
    const { output } = await runExperiment('swrr.trace', { weights: '4,0,2', names: 'x, y, z' });
    const { document } = new JSDOM('').window;
    const node = figures['swrr-trace'].plot(output.data!, { width: 640, document, locale, strings: subset(locale, ['fig.']) });
    const key = node.querySelector('[data-list-hand]')!;
    const hand = JSON.parse(key.getAttribute('data-list-hand')!) as ListHand;
    expect(hand).toMatchObject({ param: 'weights', show: 'value', nonzero: true });
    expect(hand.items.map((i) => i.value)).toEqual([4, 0, 2]);
    expect(hand.items[2].label).toContain('z');
    expect(Array.from(key.querySelectorAll('[data-item]'), (e) => (e.textContent ?? '').trim())).toEqual(['x', 'y', 'z']);
  });

  it('swrr-trace marks no key when its names repeat (the key has fewer entries than weights)', async () => {
    const { output } = await runExperiment('swrr.trace', { weights: '1,2', names: 'x, x' });
    const { document } = new JSDOM('').window;
    const node = figures['swrr-trace'].plot(output.data!, { width: 640, document, locale: 'en', strings: subset('en', ['fig.']) });
    expect(node.querySelector('[data-list-hand]')).toBeNull();
  });
});
