import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { figureHeight } from '../../../components/notebook/figure-height.ts';

const html = (markup: string) => {
  const doc = new JSDOM('').window.document;
  const box = doc.createElement('div');
  box.innerHTML = markup;
  return box;
};
const svg = (w: number, h: number) => `<svg width="${w}" height="${h}"><text>inside the drawing: not counted</text></svg>`;

describe('figureHeight (render on demand of a cell drawing)', () => {
  it('counts an SVG at its drawn size, scaled down to fit a narrower box, and stacks blocks', () => {
    expect(figureHeight(html(svg(300, 200)), 318)).toBe(200);
    expect(figureHeight(html(svg(624, 300)), 318)).toBe(Math.round((300 * 318) / 624));
    expect(figureHeight(html(`${svg(300, 200)}<div>${svg(300, 100)}</div>`), 638)).toBe(300);
  });

  it('wraps a flex row as the browser does: panels side by side while they fit, a full-width item on a row of its own', () => {
    const panels = `<div style="display:flex;flex-wrap:wrap;gap:16px">${svg(300, 200).repeat(4)}<p style="flex-basis:100%">note</p></div>`;
    // Two panels a row at 638 px (300 + 16 + 300), one at 318; the note a row of one line.
    expect(figureHeight(html(panels), 638)).toBe(2 * 200 + 16 + 16 + 20);
    expect(figureHeight(html(panels), 318)).toBe(4 * 200 + 4 * 16 + 20);
  });

  it('counts text as lines at the figures\u2019 type, Hangul wider than Latin, and a table by its rows', () => {
    expect(figureHeight(html(`<p>${'a'.repeat(60)}</p>`), 318)).toBe(2 * 20 + 8);
    expect(figureHeight(html(`<p>${'가'.repeat(30)}</p>`), 318)).toBe(2 * 20 + 8);
    expect(figureHeight(html('<table><tr><th>a</th></tr><tr><td>1</td></tr><tr><td>2</td></tr></table>'), 318)).toBe(3 * 26);
  });

  it('on a narrow box counts only the first group of a figure that shows one group at a time (the lab, panel-pick.ts)', () => {
    const lab = `<div class="figure-panels" style="display:flex;flex-wrap:wrap;gap:0.25rem 1rem"><fieldset class="panel-pick"></fieldset><div data-group="0">${svg(300, 170)}</div><div data-group="1">${svg(300, 170)}</div></div>`;
    expect(figureHeight(html(lab), 318)).toBe(40 + 4 + 170);
    expect(figureHeight(html(lab), 638)).toBe(170);
  });
});
