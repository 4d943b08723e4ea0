import { describe, expect, it } from 'vitest';
import { studentT975 } from '../../../../src/lib/stats/student-t.ts';

describe('studentT975', () => {
  it('gives the tabled 0.975 quantiles: 12.706 (df 1), 2.093 (df 19), 2.042 (df 30)', () => {
    expect(studentT975(1)).toBe(12.706);
    expect(studentT975(19)).toBe(2.093);
    expect(studentT975(30)).toBe(2.042);
  });

  it('continues the table smoothly past df 30 and tends to the normal 1.96', () => {
    // Tabled: 2.021 (df 40), 2.000 (df 60), 1.980 (df 120).
    expect(studentT975(40)).toBeCloseTo(2.021, 3);
    expect(studentT975(60)).toBeCloseTo(2.0, 3);
    expect(studentT975(120)).toBeCloseTo(1.98, 3);
    expect(studentT975(1e9)).toBeCloseTo(1.96, 4);
    expect(studentT975(31)).toBeLessThan(studentT975(30));
  });

  it('refuses df that is not a positive integer', () => {
    expect(() => studentT975(0)).toThrow(RangeError);
    expect(() => studentT975(2.5)).toThrow(RangeError);
  });
});
