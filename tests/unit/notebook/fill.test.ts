import { describe, expect, it } from 'vitest';
import { fillHtml, fillText, type FillSource } from '../../../components/notebook/fill.ts';
import type { ParamSpec } from '../../../src/experiments/shared/types.ts';

const specs: Record<string, ParamSpec> = {
  side: { kind: 'int', default: 30, min: 5, max: 60 },
  keys: { kind: 'int', default: 100_000, min: 1_000, max: 1_000_000 },
  load: { kind: 'number', default: 0.9, min: 0.1, max: 0.99 },
  weights: { kind: 'int-list', default: [2, 1], min: 0, max: 100, maxItems: 12, distinct: false },
  hash: { kind: 'choice', default: 'md5', options: ['md5', 'murmur3'] },
};
const src = (locale: string, params = { side: 30, keys: 100_000, load: 0.9, weights: [2, 1], hash: 'md5' }): FillSource => ({
  params,
  specs,
  results: { 'max.d1': 4, moved: 0.216 },
  kinds: { 'max.d1': 'int', moved: 'percent' },
  locale,
  option: (o) => (o === 'md5' ? 'MD5' : undefined),
});

describe('caption slots (fill.ts)', () => {
  it('shows a parameter as the page formats it, squared or less one when asked', () => {
    expect(fillText('param:side', 'square', src('en'))).toBe('900');
    expect(fillText('param:side', 'minus1', src('en'))).toBe('29');
    expect(fillText('param:keys', undefined, src('en'))).toBe('100,000');
    expect(fillText('param:keys', undefined, src('ko'))).toBe('10만');
    expect(fillText('param:load', undefined, src('en'))).toBe('0.9');
    expect(fillText('param:weights', undefined, src('en'))).toBe('2, 1');
    expect(fillText('param:hash', undefined, src('en'))).toBe('MD5');
  });
  it('shows a result by its kind, and nothing for a name the run does not have', () => {
    expect(fillText('result:moved', undefined, src('en'))).toBe('21.6%');
    expect(fillText('result:max.d1', undefined, src('en'))).toBe('4');
    expect(fillText('result:nope', undefined, src('en'))).toBeUndefined();
    expect(fillText('param:constructor', undefined, src('en'))).toBeUndefined();
  });
  it('fills every empty slot of a caption and refuses one it cannot fill', () => {
    const html = '<p><span class="fill" data-fill="param:side" data-op="square"></span> balls, <span class="fill" data-fill="result:moved"></span> moved</p>';
    expect(fillHtml(html, src('en'))).toBe('<p><span class="fill" data-fill="param:side" data-op="square">900</span> balls, <span class="fill" data-fill="result:moved">21.6%</span> moved</p>');
    expect(() => fillHtml('<span class="fill" data-fill="param:nope"></span>', src('en'))).toThrow(/param:nope/);
  });
  it('puts what follows a value in the same word after it, the particle chosen from the value and kept as a marker for live runs', () => {
    const html = '<span class="fill" data-fill="result:max.d1" data-josa="과(와)"></span> <span class="fill" data-fill="param:keys" data-suffix="개를"></span> <span class="fill" data-fill="param:side" data-op="minus1" data-suffix="대" data-josa="이(가)"></span>';
    expect(fillHtml(html, src('ko'))).toBe(
      '<span class="fill" data-fill="result:max.d1">4<span class="tail" data-josa="과(와)">와</span></span> <span class="fill" data-fill="param:keys">10만<span class="tail"> 개를</span></span> <span class="fill" data-fill="param:side" data-op="minus1">29<span class="tail" data-josa="이(가)" data-suffix="대">대가</span></span>',
    );
    expect(fillHtml('<span class="fill" data-fill="result:max.d1" data-josa="과(와)"></span>', { ...src('ko'), results: { 'max.d1': 8 } })).toContain('8<span class="tail" data-josa="과(와)">과</span>');
  });
});
