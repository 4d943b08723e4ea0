import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatParam, parseParam, resolveParams } from '../../../src/experiments/shared/params.ts';
import type { CheckFailure, ParamSpec } from '../../../src/experiments/shared/types.ts';

const n: ParamSpec = { kind: 'int', default: 10, min: 1, max: 10_000_000 };
const list: ParamSpec = { kind: 'int-list', default: [1, 2], min: 1, max: 8, maxItems: 4 };
const gen: ParamSpec = { kind: 'choice', default: 'cpython', options: ['cpython', 'fast'] };

describe('parseParam', () => {
  it('lets a list repeat values only when it says so (weights may, node counts may not)', () => {
    const weights: ParamSpec = { kind: 'int-list', default: [5, 3, 1], min: 0, max: 100, maxItems: 4, distinct: false };
    expect(parseParam(weights, '1,1,1')).toEqual({ ok: true, value: [1, 1, 1] });
    expect(parseParam(list, '1,1')).toMatchObject({ ok: false, reason: 'duplicate' });
    expect(parseParam(weights, '1,1,1,1,1')).toMatchObject({ ok: false, reason: 'too-many' });
  });

  it('takes text within its line and length limits, CRLF read as LF', () => {
    const text: ParamSpec = { kind: 'text', default: 'a', maxLength: 20, maxLines: 3 };
    expect(parseParam(text, ' a:1\r\nb:2 \n')).toEqual({ ok: true, value: 'a:1\nb:2' });
    expect(parseParam(text, 'a\nb\nc\nd')).toMatchObject({ ok: false, reason: 'too-many' });
    expect(parseParam(text, 'x'.repeat(21))).toMatchObject({ ok: false, reason: 'too-long' });
    expect(parseParam(text, ' \n ')).toMatchObject({ ok: false, reason: 'empty' });
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (raw) => {
        const r = parseParam(text, raw);
        if (r.ok) expect(parseParam(text, formatParam(r.value))).toEqual(r);
      }),
    );
  });

  it('reads integers written with separators readers use', () => {
    for (const text of ['1000000', '1,000,000', '1 000 000', '1_000_000', ' 1000000 ']) {
      expect(parseParam(n, text)).toEqual({ ok: true, value: 1_000_000 });
    }
  });

  it('refuses what is not an integer, and says which way it is wrong', () => {
    expect(parseParam(n, 'abc')).toMatchObject({ ok: false, reason: 'not-integer' });
    expect(parseParam(n, '1.5')).toMatchObject({ ok: false, reason: 'not-integer' });
    expect(parseParam(n, '-3')).toMatchObject({ ok: false, reason: 'not-integer' });
    expect(parseParam(n, '1e6')).toMatchObject({ ok: false, reason: 'not-integer' });
    expect(parseParam(n, '')).toMatchObject({ ok: false, reason: 'empty' });
    expect(parseParam(n, '0')).toMatchObject({ ok: false, reason: 'out-of-range' });
    expect(parseParam(n, '10000001')).toMatchObject({ ok: false, reason: 'out-of-range' });
  });

  it('accepts every integer within bounds and nothing outside them', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e8, max: 1e8 }), (k) => {
        const r = parseParam(n, String(k));
        expect(r.ok).toBe(k >= 1 && k <= 10_000_000);
        if (r.ok) expect(r.value).toBe(k);
      }),
    );
  });

  it('reads a list of distinct integers, and refuses duplicates, too many and out-of-range items', () => {
    expect(parseParam(list, '1, 2,3')).toEqual({ ok: true, value: [1, 2, 3] });
    expect(parseParam(list, '1,1')).toMatchObject({ ok: false, reason: 'duplicate' });
    expect(parseParam(list, '1,2,3,4,5')).toMatchObject({ ok: false, reason: 'too-many' });
    expect(parseParam(list, '1,9')).toMatchObject({ ok: false, reason: 'out-of-range' });
  });

  it('says which part of a value is wrong: the entry and the one it repeats, the bound crossed, the count', () => {
    expect(parseParam(list, '1,3,1')).toEqual({ ok: false, reason: 'duplicate', at: { item: 3, text: '1', first: 1, entries: [{ item: 3, text: '1', reason: 'duplicate', first: 1 }] } });
    expect(parseParam(list, '1,9')).toEqual({ ok: false, reason: 'out-of-range', at: { item: 2, text: '9', side: 'above', entries: [{ item: 2, text: '9', reason: 'out-of-range', side: 'above' }] } });
    expect(parseParam(list, '1,x')).toEqual({ ok: false, reason: 'not-integer', at: { item: 2, text: 'x', entries: [{ item: 2, text: 'x', reason: 'not-integer' }] } });
    expect(parseParam(list, '1,2,3,4,5')).toEqual({ ok: false, reason: 'too-many', at: { count: 5 } });
    expect(parseParam(n, '0')).toEqual({ ok: false, reason: 'out-of-range', at: { text: '0', side: 'below' } });
  });

  it('lists every bad entry of a list, not only the first, and counts a repeat from the entry it repeats', () => {
    expect(parseParam({ ...list, maxItems: 5 }, '1,0,x,9,1')).toEqual({
      ok: false,
      reason: 'out-of-range',
      at: {
        item: 2,
        text: '0',
        side: 'below',
        entries: [
          { item: 2, text: '0', reason: 'out-of-range', side: 'below' },
          { item: 3, text: 'x', reason: 'not-integer' },
          { item: 4, text: '9', reason: 'out-of-range', side: 'above' },
          { item: 5, text: '1', reason: 'duplicate', first: 1 },
        ],
      },
    });
    // A bad entry before it does not shift the entry a repeat names.
    expect(parseParam({ ...list, maxItems: 6 }, 'x,3,y,3')).toMatchObject({ at: { entries: [{ item: 1 }, { item: 3 }, { item: 4, reason: 'duplicate', first: 2 }] } });
  });

  it('names every bad entry of a list in the terminal’s message too', () => {
    const r = resolveParams({ choices: list }, { choices: '1,0,3,9' });
    expect(r.ok ? '' : r.errors[0].message).toBe('choices: entries 2 (0) and 4 (9) are not allowed; expected up to 4 distinct integers from 1 to 8, comma-separated');
    const one = resolveParams({ choices: list }, { choices: '1,x' });
    expect(one.ok ? '' : one.errors[0].message).toBe('choices: entry 2 (x) is not allowed; expected up to 4 distinct integers from 1 to 8, comma-separated');
  });

  it('takes only the listed choices', () => {
    expect(parseParam(gen, 'fast')).toEqual({ ok: true, value: 'fast' });
    expect(parseParam(gen, 'Fast')).toMatchObject({ ok: false, reason: 'not-allowed' });
  });

  it('round-trips every valid value through its text form (the URL form)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 4 }), (values) => {
        expect(parseParam(list, formatParam(values))).toEqual({ ok: true, value: values });
      }),
    );
  });
});

describe('resolveParams', () => {
  const specs = { n, choices: list };
  it('fills defaults and reports unknown names instead of dropping them', () => {
    expect(resolveParams(specs, { n: '5' })).toEqual({ ok: true, params: { n: 5, choices: [1, 2] } });
    const r = resolveParams(specs, { m: '5' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ param: 'm', reason: 'unknown' });
  });

  it('runs the cross-parameter check only on otherwise valid parameters', () => {
    const check = (p: Record<string, unknown>): CheckFailure | null =>
      Math.max(...(p.choices as number[])) > (p.n as number) ? { param: 'choices', code: 'd-gt-n', vars: {}, message: 'd > n' } : null;
    const r = resolveParams(specs, { n: '1', choices: '2' }, check);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual([{ param: 'choices', reason: 'check', code: 'd-gt-n', vars: {}, message: 'd > n' }]);
    expect(resolveParams(specs, { n: '2', choices: '2' }, check).ok).toBe(true);
  });
});

describe('parseParam for real numbers', () => {
  const lambda: ParamSpec = { kind: 'number', default: 0.9, min: 0.1, max: 0.99 };
  it('reads plain decimals within bounds and refuses the rest', () => {
    expect(parseParam(lambda, '0.95')).toEqual({ ok: true, value: 0.95 });
    expect(parseParam(lambda, '.5')).toEqual({ ok: true, value: 0.5 });
    expect(parseParam(lambda, '1')).toMatchObject({ ok: false, reason: 'out-of-range' });
    expect(parseParam(lambda, '0.05')).toMatchObject({ ok: false, reason: 'out-of-range' });
    expect(parseParam(lambda, '9e-1')).toMatchObject({ ok: false, reason: 'not-number' });
    expect(parseParam(lambda, 'NaN')).toMatchObject({ ok: false, reason: 'not-number' });
    expect(parseParam(lambda, '-0.5')).toMatchObject({ ok: false, reason: 'not-number' });
  });
});
