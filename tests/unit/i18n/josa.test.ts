import { describe, expect, it } from 'vitest';
import { fill } from '../../../src/i18n/index.ts';
import { particle, readingOfEnd, withParticle, type Marker } from '../../../src/i18n/josa.ts';
import { koreanCount, koreanRoundCount } from '../../../src/i18n/korean-count.ts';

/** Each case: the rendered text and the particle every marker must become after it. */
const cases: [string, Record<Marker, string>][] = [
  // 일: final ㄹ, which takes 로, not 으로
  ['식 (1)', { '을(를)': '을', '를(을)': '을', '은(는)': '은', '는(은)': '은', '이(가)': '이', '가(이)': '이', '과(와)': '과', '와(과)': '과', '(으)로': '로', '(이)나': '이나' }],
  // 사: no final consonant
  ['그림 4', { '을(를)': '를', '를(을)': '를', '은(는)': '는', '는(은)': '는', '이(가)': '가', '가(이)': '가', '과(와)': '와', '와(과)': '와', '(으)로': '로', '(이)나': '나' }],
  // 삼: final ㅁ
  ['식 (3)', { '을(를)': '을', '를(을)': '을', '은(는)': '은', '는(은)': '은', '이(가)': '이', '가(이)': '이', '과(와)': '과', '와(과)': '과', '(으)로': '으로', '(이)나': '이나' }],
  // 십: final ㅂ
  ['Figure 10', { '을(를)': '을', '를(을)': '을', '은(는)': '은', '는(은)': '은', '이(가)': '이', '가(이)': '이', '과(와)': '과', '와(과)': '과', '(으)로': '으로', '(이)나': '이나' }],
  // 이: no final consonant
  ['Eq. (2)', { '을(를)': '를', '를(을)': '를', '은(는)': '는', '는(은)': '는', '이(가)': '가', '가(이)': '가', '과(와)': '와', '와(과)': '와', '(으)로': '로', '(이)나': '나' }],
];

describe('particles after generated text', () => {
  it.each(cases)('%s takes the right form of every particle', (text, expected) => {
    for (const [marker, form] of Object.entries(expected) as [Marker, string][]) expect(particle(text, marker), `${text} ${marker}`).toBe(form);
  });

  it('reads numbers as Sino-Korean numerals, letters by their names, words by their last sound', () => {
    const read: [string, string][] = [
      ['식 (6)', '육'], ['식 (7)', '칠'], ['그림 8', '팔'], ['그림 9', '구'], ['그림 0', '영'],
      ['그림 20', '십'], ['100', '백'], ['2000', '천'], ['10,000', '만'], ['1,000,000', '만'], ['100000000', '억'],
      ['1,250만', '만'], ['0.25', '오'], ['12.5%', '퍼센트'], ['[3]', '삼'], ['"abc:80"', '십'],
      ['L', '엘'], ['M', '엠'], ['N', '엔'], ['SWRR', '알'], ['CV', '브이'], ['k', '케이'],
      ['Maglev', '다'], ['ring', '링'], ['nginx', '다'], ['MD5', '오'],
    ];
    for (const [text, reading] of read) expect(readingOfEnd(text), text).toBe(reading);
  });

  it('reads the cases the issue names the way a Korean reader says them', () => {
    expect(withParticle('식 (1)', '을(를)')).toBe('식 (1)을');
    expect(withParticle('그림 4', '은(는)')).toBe('그림 4는');
    expect(withParticle('식 (3)', '(으)로')).toBe('식 (3)으로');
    expect(withParticle('식 (1)', '(으)로')).toBe('식 (1)로');
  });

  it('reads a subscript index as its digits: L₃ is 엘 삼, L₂ 엘 이, L₁₀ 엘 십', () => {
    expect(withParticle('L₃', '은(는)')).toBe('L₃은');
    expect(withParticle('L₂', '은(는)')).toBe('L₂는');
    expect(withParticle('L₁₀', '을(를)')).toBe('L₁₀을');
  });

  it('chooses the particle after a placeholder when a template is filled', () => {
    expect(fill('{line}번째 줄 "{text}"을(를) 읽을 수 없습니다.', { line: 2, text: 'a.example:8080' })).toBe('2번째 줄 "a.example:8080"을 읽을 수 없습니다.');
    expect(fill('{line}번째 줄 "{text}"을(를) 읽을 수 없습니다.', { line: 2, text: 'cache-a' })).toBe('2번째 줄 "cache-a"를 읽을 수 없습니다.');
    expect(fill('“{name}”은(는) 방식이 아닙니다.', { name: 'ring' })).toBe('“ring”은 방식이 아닙니다.');
    expect(fill('{M}은(는) 소수가 아닙니다.', { M: 65536 })).toBe('65536은 소수가 아닙니다.');
    expect(fill('{M}은(는) 소수가 아닙니다.', { M: 65535 })).toBe('65535는 소수가 아닙니다.');
    expect(fill('from({from})과(와) 같으면', { from: 4 })).toBe('from(4)와 같으면');
    // A placeholder left unfilled keeps its marker, and English templates have none.
    expect(fill('{M}은(는)', {})).toBe('{M}은(는)');
    expect(fill('{M} is not prime', { M: 10 })).toBe('10 is not prime');
  });
});

describe('counts in Korean units', () => {
  it('writes counts by 만 and 억, exactly', () => {
    expect(koreanCount(1_000_000)).toBe('100만');
    expect(koreanCount(12_500_000)).toBe('1,250만');
    expect(koreanCount(100_000_000)).toBe('1억');
    expect(koreanCount(123_456_789)).toBe('1억 2,345만 6,789');
    expect(koreanCount(9_787)).toBe('9,787');
  });

  it('uses the units only where the count is a whole number of 만', () => {
    expect(koreanRoundCount(1_000_000)).toBe('100만');
    expect(koreanRoundCount(50_117)).toBe('50,117');
    expect(koreanRoundCount(200_000_000)).toBe('2억');
  });

  it('shows a check message counted in millions in 만', () => {
    expect(fill('키 조회가 {millions}백만 번 필요합니다. 최대 {limit}백만 번까지만 돌립니다.', { millions: 12.5, limit: 50 })).toBe('키 조회가 1,250만 번 필요합니다. 최대 5,000만 번까지만 돌립니다.');
    expect(fill('{millions}백만', { millions: 200 })).toBe('2억');
  });
});
