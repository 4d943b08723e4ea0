import { describe, expect, it } from 'vitest';
import { stylesheetParts } from './styles.ts';

/** A part of the stylesheet outside its comments and strings. */
const bare = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/'[^'\n]*'|"[^"\n]*"/g, "''");
const parts = stylesheetParts().map((p) => ({ name: p.name, css: bare(p.css) }));
/** The stylesheet a page gets: every part in order. */
const css = parts.map((p) => p.css).join('\n');

describe('the stylesheet', () => {
  it('is in parts, imported in cascade order by global.css (each at most 450 lines: source-size.test.ts)', () => {
    expect(parts.map((p) => p.name)).toEqual(['tokens.css', 'site.css', 'chapter.css', 'prose.css', 'cells.css', 'figures.css', 'overrides.css']);
  });

  it('closes every block it opens, in order, in each part (a rule left open swallows every rule after it)', () => {
    for (const p of parts) {
      let depth = 0;
      for (const [i, line] of p.css.split('\n').entries()) {
        for (const ch of line) {
          if (ch === '{') depth++;
          if (ch === '}') depth--;
          expect(depth, `${p.name} line ${i + 1} closes a block it did not open`).toBeGreaterThanOrEqual(0);
        }
      }
      expect(depth, `${p.name}: blocks left open at the end`).toBe(0);
    }
  });

  it('gives a page without JavaScript under a dark system scheme the same dark tokens as the theme toggle', () => {
    // The dark palette is written twice (CSS cannot join a selector with a media condition in one
    // rule): :root[data-theme='dark'], and :root:not(.js) under prefers-color-scheme: dark.
    const tokens = (block: string | undefined) => (block ?? '').split(';').map((d) => d.trim()).filter(Boolean).sort();
    const toggled = /:root\[data-theme=''\]\s*\{([^}]*)\}/.exec(css)?.[1];
    const system = /@media \(prefers-color-scheme: dark\)\s*\{\s*:root:not\(\.js\)\s*\{([^}]*)\}/.exec(css)?.[1];
    expect(tokens(toggled).length).toBeGreaterThan(5);
    expect(tokens(system)).toEqual(tokens(toggled));
  });

  it('writes the dark theme twice only for the tokens: every other themed colour is light-dark() on the page’s color-scheme, which both dark states set', () => {
    // Only tokens.css answers the system's scheme; elsewhere a rule under [data-theme='dark'] would
    // need a twin under prefers-color-scheme for a page without JavaScript.
    for (const p of parts) {
      if (p.name.endsWith('tokens.css')) continue;
      expect(p.css, `${p.name} answers prefers-color-scheme itself`).not.toMatch(/prefers-color-scheme/);
    }
    expect(/:root\[data-theme=''\]\s*\{[^}]*color-scheme:\s*dark/.test(css)).toBe(true);
    expect(/@media \(prefers-color-scheme: dark\)\s*\{\s*:root:not\(\.js\)\s*\{[^}]*color-scheme:\s*dark/.test(css)).toBe(true);
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
