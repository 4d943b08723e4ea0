import { describe, expect, it } from 'vitest';
import { paramErrorText } from '../../../components/notebook/messages.ts';
import { parseParam } from '../../../src/experiments/shared/params.ts';
import type { ParamSpec } from '../../../src/experiments/shared/types.ts';
import { dictionary } from '../../../src/i18n/index.ts';

const choices: ParamSpec = { kind: 'int-list', default: [1, 2], min: 1, max: 8, maxItems: 4 };
const weights: ParamSpec = { kind: 'int-list', default: [1], min: 1, max: 100, maxItems: 8, distinct: false };
const n: ParamSpec = { kind: 'int', default: 900, min: 1, max: 10_000_000 };
const lines: ParamSpec = { kind: 'text', default: 'a', maxLength: 100, maxLines: 2 };

function message(spec: ParamSpec, raw: string, locale: 'en' | 'ko'): string {
  const parsed = parseParam(spec, raw);
  if (parsed.ok) throw new Error(`${raw} parsed`);
  return paramErrorText(spec, parsed, dictionary(locale), locale);
}

type Row = [spec: ParamSpec, raw: string, locale: 'en' | 'ko', expected: string];

/** One case a row: the parameter, what was typed, the language, the message. */
const CASES: Record<string, Row[]> = {
  'names the entry of a list that is wrong, and why': [
    [choices, '1,1,9', 'en', 'Entry 2, 1, repeats entry 1; each value may appear once. Entry 3, 9, is above the largest allowed value, 8.'],
    [choices, '1,3,9', 'en', 'Entry 3, 9, is above the largest allowed value, 8.'],
    [choices, '1,x', 'en', 'Entry 2, “x”, is not a whole number.'],
    [choices, '1,2,3,4,5', 'en', '5 entries; at most 4 are allowed.'],
    [choices, '1,3,9', 'ko', '3번째 항목 9는 가장 큰 허용값 8보다 큽니다.'],
    [choices, '1,1,9', 'ko', '2번째 항목 1은 1번째 항목과 같습니다. 값마다 한 번만 쓸 수 있습니다. 3번째 항목 9는 가장 큰 허용값 8보다 큽니다.'],
  ],
  // The Korean particle follows 항목, not the values in brackets. Different faults: each kind in the
  // order it first occurs; a lone one keeps its own message.
  'names every bad entry of a list, one sentence per kind of fault, in both languages': [
    [weights, '5,0,3,0', 'en', 'Entries 2 and 4 (0, 0) are below the smallest allowed value, 1.'],
    [weights, '5,0,3,0', 'ko', '2번째 및 4번째 항목(0, 0)은 가장 작은 허용값 1보다 작습니다.'],
    [weights, 'a,2,b,c', 'en', 'Entries 1, 3, and 4 (“a”, “b”, “c”) are not whole numbers.'],
    [weights, 'a,2,b,c', 'ko', '1번째, 3번째 및 4번째 항목(“a”, “b”, “c”)은 정수가 아닙니다.'],
    [choices, '9,x,1,9', 'en', 'Entries 1 and 4 (9, 9) are above the largest allowed value, 8. Entry 2, “x”, is not a whole number.'],
    [choices, '9,x,1,9', 'ko', '1번째 및 4번째 항목(9, 9)은 가장 큰 허용값 8보다 큽니다. 2번째 항목 “x”는 정수가 아닙니다.'],
    [choices, '1,1,2,2', 'en', 'Entries 2 and 4 (1, 2) repeat earlier entries; each value may appear once.'],
    [choices, '1,1,2,2', 'ko', '2번째 및 4번째 항목(1, 2)은 앞의 항목과 같습니다. 값마다 한 번만 쓸 수 있습니다.'],
  ],
  'names the bound a number crosses': [
    [n, '0', 'en', '0 is below the smallest allowed value, 1.'],
    [n, '20000000', 'en', '20000000 is above the largest allowed value, 10,000,000.'],
    [n, '20000000', 'ko', '20000000은 가장 큰 허용값 1,000만보다 큽니다.'],
    [n, 'abc', 'en', '“abc” is not a whole number.'],
  ],
  'counts the lines of a text that has too many': [[lines, 'a\nb\nc', 'en', '3 lines; at most 2 are allowed.']],
};

describe('one clear message per bad value, naming the part', () => {
  for (const [name, rows] of Object.entries(CASES)) {
    for (const [spec, raw, locale, expected] of rows) {
      it(`${name}: ${JSON.stringify(raw)} (${locale})`, () => expect(message(spec, raw, locale)).toBe(expected));
    }
  }
});
