import { describe, expect, it } from 'vitest';
import { formatValue, resultLabel } from '../../../components/notebook/render.ts';

describe('resultLabel', () => {
  const strings = {
    'cell.x.result.max': 'max (d={d}, n={n})',
    'cell.x.result.t': 'T (d={d}, λ={l})',
    'cell.x.result.moved.ring': 'moved on the ring',
  };
  it('reads the parameters out of a key’s trailing segments, decimals included', () => {
    expect(resultLabel('max.d2.n1000000', 'x', strings, 'en')).toBe('max (d=2, n=1,000,000)');
    expect(resultLabel('t.d2.l0.95', 'x', strings, 'en')).toBe('T (d=2, λ=0.95)');
  });
  it('prefers a key’s own string and falls back to the key itself', () => {
    expect(resultLabel('moved.ring', 'x', strings)).toBe('moved on the ring');
    expect(resultLabel('unknown.d1', 'x', strings)).toBe('unknown.d1');
  });
});

describe('formatValue', () => {
  it('formats by kind and locale, leaving strings alone', () => {
    expect(formatValue('int', 1000000, 'en')).toBe('1,000,000');
    expect(formatValue('percent', 0.216, 'en')).toBe('21.6%');
    expect(formatValue('decimal', 5.43201, 'ko')).toBe('5.432');
    expect(formatValue('text', 'abacaba', 'en')).toBe('abacaba');
  });
});
