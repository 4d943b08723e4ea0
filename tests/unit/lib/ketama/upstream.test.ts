import { describe, it, expect } from 'vitest';
import { parseKeys, parseUpstream } from '../../../../src/lib/ketama/upstream.ts';

describe('parseUpstream', () => {
  it('reads host:port lines with weights, nginx\u2019s own `server ...;` lines, comments and blanks', () => {
    const r = parseUpstream('10.0.0.1:80\n\n  server 10.0.0.2:80 weight=3;  # big\n# all comment\nbackend:8080 weight=1');
    expect(r).toEqual({
      ok: true,
      servers: [
        { server: '10.0.0.1:80', weight: 1 },
        { server: '10.0.0.2:80', weight: 3 },
        { server: 'backend:8080', weight: 1 },
      ],
    });
  });
  it.each([
    ['a:1\nb:2 weight=x', 2, 'syntax'],
    ['a:1 weight=0', 1, 'weight'],
    ['a:1 weight=101', 1, 'weight'],
    ['a:1\n\nb:1 down', 3, 'syntax'],
    ['a:1\na:1', 2, 'duplicate'],
    ['\n# none\n', 1, 'empty'],
  ])('%j fails on line %i (%s)', (text, line, reason) => {
    const r = parseUpstream(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.line, r.reason]).toEqual([line, reason]);
  });
});

describe('parseKeys', () => {
  it('keeps every non-empty line as it is', () => {
    expect(parseKeys('/a\n\n /b \r\n/c')).toEqual(['/a', ' /b ', '/c']);
  });
});
