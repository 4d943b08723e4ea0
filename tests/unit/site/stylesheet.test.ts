import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The stylesheet outside its comments and strings. */
const css = readFileSync(new URL('../../../src/styles/global.css', import.meta.url), 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/'[^'\n]*'|"[^"\n]*"/g, "''");

describe('the stylesheet', () => {
  it('closes every block it opens, in order (a rule left open swallows every rule after it)', () => {
    let depth = 0;
    for (const [i, line] of css.split('\n').entries()) {
      for (const ch of line) {
        if (ch === '{') depth++;
        if (ch === '}') depth--;
        expect(depth, `line ${i + 1} closes a block it did not open`).toBeGreaterThanOrEqual(0);
      }
    }
    expect(depth, 'blocks left open at the end').toBe(0);
  });

  it('nests a rule only inside an at-rule (a selector inside a declaration block is a lost rule)', () => {
    const stack: string[] = [];
    let head = '';
    for (const ch of css) {
      if (ch === '{') {
        const selector = head.trim();
        if (stack.length && !stack[stack.length - 1].startsWith('@')) throw new Error(`"${selector}" opens inside "${stack[stack.length - 1]}"`);
        stack.push(selector);
        head = '';
      } else if (ch === '}') {
        stack.pop();
        head = '';
      } else if (ch === ';') head = '';
      else head += ch;
    }
  });
});
