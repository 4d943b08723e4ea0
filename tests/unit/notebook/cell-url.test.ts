import { describe, expect, it } from 'vitest';
import { cellKey, cellParams, cellsNamed, parseCellKey, setCellParams } from '../../../components/notebook/cell-url.ts';

describe('parseCellKey', () => {
  it('splits at the first dot: the cell, then the parameter (which may hold dots)', () => {
    expect(parseCellKey('maxload.n')).toEqual({ cell: 'maxload', param: 'n' });
    expect(parseCellKey('a.b.c')).toEqual({ cell: 'a', param: 'b.c' });
    expect(parseCellKey('maxload.')).toEqual({ cell: 'maxload', param: '' });
  });
  it('names no cell without a dot or with nothing before it', () => {
    expect(parseCellKey('maxload')).toBeNull();
    expect(parseCellKey('.n')).toBeNull();
    expect(parseCellKey('')).toBeNull();
  });
  it('reads back what cellKey writes', () => {
    expect(parseCellKey(cellKey('ring', 'nodes'))).toEqual({ cell: 'ring', param: 'nodes' });
  });
});

describe('cellsNamed', () => {
  it('is the set of cells the query names', () => {
    expect([...cellsNamed(new URLSearchParams('maxload.n=10&maxload.seed=2&ring.nodes=5&utm=x'))]).toEqual(['maxload', 'ring']);
  });
});

describe('cellParams', () => {
  const spec = { n: {}, seed: {} };
  it('takes this cell’s own parameters only, the last of a repeated key', () => {
    const q = new URLSearchParams('maxload.n=10&other.n=3&maxload.seed=1&maxload.seed=2&maxload.d=4');
    expect(cellParams(q, 'maxload', spec)).toEqual({ n: '10', seed: '2' });
  });
  it('treats inherited names (constructor, toString, __proto__) as unknown', () => {
    const q = new URLSearchParams('maxload.constructor=1&maxload.toString=2&maxload.__proto__=3&maxload.hasOwnProperty=4');
    expect(cellParams(q, 'maxload', spec)).toEqual({});
  });
});

describe('setCellParams', () => {
  it('replaces this cell’s keys and leaves everything else in place', () => {
    const url = new URL('https://x.test/p/?maxload.n=10&ring.nodes=5&maxload.seed=3#cell-maxload');
    setCellParams(url.searchParams, 'maxload', { seed: '7' });
    expect(url.href).toBe('https://x.test/p/?ring.nodes=5&maxload.seed=7#cell-maxload');
    setCellParams(url.searchParams, 'ring', {});
    setCellParams(url.searchParams, 'maxload', {});
    expect(url.href).toBe('https://x.test/p/#cell-maxload');
  });
});
