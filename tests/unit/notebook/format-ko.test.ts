import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { allowedMessage, formatValue, koreanTicks, resultLabel } from '../../../components/notebook/render.ts';
import { countFormat } from '../../../src/i18n/korean-count.ts';
import type { Strings } from '../../../src/i18n/index.ts';

describe('formatValue and resultLabel in Korean', () => {
  it('show a whole number of 만 in Korean units and keep every other count exact', () => {
    expect(formatValue('int', 1_000_000, 'ko')).toBe('100만');
    expect(formatValue('int', 200_000_000, 'ko')).toBe('2억');
    expect(formatValue('int', 50_117, 'ko')).toBe('50,117');
    expect(formatValue('int', 1_000_000, 'en')).toBe('1,000,000');
  });

  it('write a parameter in a label the same way', () => {
    const strings = { 'cell.x.result.max': '가장 붐비는 통의 공 수 (d={d}, n={n})' };
    expect(resultLabel('max.d2.n1000000', 'x', strings, 'ko')).toBe('가장 붐비는 통의 공 수 (d=2, n=100만)');
    expect(resultLabel('max.d2.n900', 'x', strings, 'ko')).toBe('가장 붐비는 통의 공 수 (d=2, n=900)');
  });

  it('write the allowed range of a parameter in 만 too', () => {
    const strings = { 'cell.allowed.int': '{min}부터 {max}까지의 정수' } as unknown as Strings;
    expect(allowedMessage({ kind: 'int', min: 20, max: 1_000_000, default: 1000 } as never, strings, 'ko')).toBe('20부터 100만까지의 정수');
    expect(allowedMessage({ kind: 'int', min: 0, max: 1_000_000_000, default: 0 } as never, strings, 'ko')).toBe('0부터 10억까지의 정수');
    expect(allowedMessage({ kind: 'int', min: 20, max: 1_000_000, default: 1000 } as never, strings, 'en')).toBe('20부터 1,000,000까지의 정수');
  });
});

describe('Korean axes and tables count by 만 (countFormat)', () => {
  it('writes a whole number of 만 by 만 and 억, and leaves other numbers and other locales alone', () => {
    expect(countFormat('ko').format(160_000)).toBe('16만');
    expect(countFormat('ko').format(10_000)).toBe('1만');
    expect(countFormat('ko').format(200_000_000)).toBe('2억');
    expect(countFormat('ko').format(12_345)).toBe('12,345');
    expect(countFormat('ko').format(0.25)).toBe('0.25');
    expect(countFormat('en').format(160_000)).toBe('160,000');
  });
  it('rewrites a figure’s tick labels however the figure formatted them', () => {
    const { document } = new JSDOM('').window;
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.innerHTML = '<g aria-label="x-axis tick label"><text>10,000</text><text>15,000</text><text>160,000</text></g><g aria-label="text"><text>20,000</text></g>';
    koreanTicks(svg);
    expect(Array.from(svg.querySelectorAll('text'), (t) => t.textContent)).toEqual(['1만', '15,000', '16만', '20,000']);
  });
});
