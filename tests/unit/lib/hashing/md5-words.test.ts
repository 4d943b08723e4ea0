import { describe, expect, it } from 'vitest';
import { md5 } from '../../../../src/lib/hashing/md5.ts';
import { md5FirstWordLE, md5WordLE } from '../../../../src/lib/hashing/md5-words.ts';
import { utf8 } from '../../../../src/lib/hashing/utf8.ts';

describe('md5WordLE', () => {
  it('reads MD5("") = d41d8cd9 8f00b204 e9800998 ecf8427e as four little-endian words', () => {
    const d = md5(utf8(''));
    expect([0, 1, 2, 3].map((i) => md5WordLE(d, i))).toEqual([0xd98c1dd4, 0x04b2008f, 0x980980e9, 0x7e42f8ec]);
  });
  it('md5FirstWordLE is word 0 of MD5 of the UTF-8 text: MD5("a") = 0cc175b9…', () => {
    expect(md5FirstWordLE('a')).toBe(0xb975c10c);
    expect(md5FirstWordLE('é')).toBe(md5WordLE(md5(utf8('é')), 0));
  });
});
