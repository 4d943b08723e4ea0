import { describe, expect, it } from 'vitest';
import type { FillSource } from '../../../components/notebook/fill.ts';
import { sayHtml } from '../../../components/notebook/say.ts';

const src = (results: Record<string, number | string>): FillSource => ({
  params: { n: 160_000 },
  specs: { n: { kind: 'int', default: 160_000, min: 1, max: 1_000_000 } },
  results,
  kinds: Object.fromEntries(Object.keys(results).map((k) => [k, 'int'])),
  locale: 'ko',
});
const words = {
  'cell.x.say.s.some': '{node}은(는) {round}라운드에 실패하고 {max}과(와) {n}개를 봅니다.',
  'cell.x.say.s.none': '{node}은(는) 한 번도 뽑히지 않습니다.',
};

describe('sentences over a run (say.ts)', () => {
  it('writes the case’s words with the run’s values, a number’s word and particle inside its element, chosen from the value', () => {
    const said = { case: 'some', vars: { node: { text: 'B' }, round: { result: 'failed' }, max: { result: 'max' }, n: { param: 'n' } } };
    expect(sayHtml('x', 's', said, src({ failed: 3, max: 9 }), words)).toBe(
      'B는 <span class="claim" data-measured="x:failed" data-value="3">3<span class="tail">라운드에</span></span> 실패하고 <span class="claim" data-measured="x:max" data-value="9">9<span class="tail" data-josa="과(와)">와</span></span> 16만 개를 봅니다.',
    );
    expect(sayHtml('x', 's', said, src({ failed: 3, max: 8 }), words, true)).toBe('B는 3라운드에 실패하고 8과 16만 개를 봅니다.');
  });
  it('has another case’s words for a run whose value does not exist, and refuses a case without words or a value the run lacks', () => {
    expect(sayHtml('x', 's', { case: 'none', vars: { node: { text: 'A' } } }, src({}), words)).toBe('A는 한 번도 뽑히지 않습니다.');
    expect(() => sayHtml('x', 's', { case: 'other', vars: {} }, src({}), words)).toThrow(/no words/);
    expect(() => sayHtml('x', 's', { case: 'some', vars: { node: { text: 'B' }, round: { result: 'failed' }, max: { result: 'max' }, n: { param: 'n' } } }, src({ max: 1 }), words)).toThrow(/does not have/);
  });
});
