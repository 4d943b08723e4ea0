import { describe, expect, it } from 'vitest';
import { reproduceLine, shellWord, toCsv, toJson } from '../../../components/notebook/export.ts';
import type { ParamSpec } from '../../../src/experiments/shared/types.ts';

describe('download: CSV and JSON (export.ts)', () => {
  it('writes a header and one line per row, raw numbers, quoting what needs it', () => {
    expect(toCsv(['k', 'd = 1', 'note'], [[1, 0.21600000000000003, 'a, "b"'], ['x', 2, 'line\nbreak']])).toBe(
      'k,d = 1,note\r\n1,0.21600000000000003,"a, ""b"""\r\nx,2,"line\nbreak"\r\n',
    );
  });
  it('gives the JSON the terminal prints: id, params, results, data', () => {
    expect(JSON.parse(toJson('x', { n: 3 }, { results: { a: 1 } }))).toEqual({ id: 'x', params: { n: 3 }, results: { a: 1 }, data: null });
  });
});

describe('the reproduce line', () => {
  const specs: Record<string, ParamSpec> = {
    n: { kind: 'int', default: 900, min: 1, max: 10 ** 7 },
    choices: { kind: 'int-list', default: [1, 2], min: 1, max: 8, maxItems: 4 },
    names: { kind: 'text', default: 'A, B', maxLength: 200, maxLines: 1 },
  };
  it('names every parameter that is not the experiment’s default, in the spec’s order', () => {
    expect(reproduceLine('balls.maxload', { n: 900, choices: [1, 2], names: 'A, B' }, specs)).toBe('npm run reproduce -- balls.maxload');
    expect(reproduceLine('balls.maxload', { choices: [1, 3], n: 1_000_000, names: 'A, B' }, specs)).toBe('npm run reproduce -- balls.maxload --n 1000000 --choices 1,3');
  });
  it('quotes a value the shell would split or expand', () => {
    expect(reproduceLine('x', { n: 900, choices: [1, 2], names: "Cheolsu, O'Neil" }, specs)).toBe(`npm run reproduce -- x --names 'Cheolsu, O'\\''Neil'`);
    expect(shellWord('a b')).toBe(`'a b'`);
    expect(shellWord('$HOME')).toBe(`'$HOME'`);
    expect(shellWord('0.95')).toBe('0.95');
  });
});
