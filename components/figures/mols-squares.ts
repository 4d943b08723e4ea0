import * as Plot from '@observablehq/plot';
import { reading } from './tips.ts';
import type { MolsSquaresData } from '../../src/experiments/mols-relay-routing/mols-squares.ts';
import { fill, type Strings } from '../../src/i18n/index.ts';
import { framed } from './frame.ts';
import { nodeColours } from './palette.ts';
import type { FigureModule } from './types.ts';

/** The verdict in words: orthogonal, or which gcd breaks it; and, for 2 and 6, that no pair exists at all. */
export function squaresVerdict(d: MolsSquaresData, strings: Strings): string[] {
  const vars = { n: d.n, a: d.a, b: d.b, La: squareName(d.a), Lb: squareName(d.b), ga: d.check.gcdA, gb: d.check.gcdB, gd: d.check.gcdDiff, pairs: d.check.distinctPairs, cells: d.n * d.n, diff: d.a - d.b };
  const lines = [fill(strings[`fig.mols-squares.verdict.${d.check.reason ?? 'orthogonal'}`], vars)];
  // Order 2 is trivial (two symbols leave no room for a second square); Euler and Tarry are about 6.
  if (!d.exists) lines.push(fill(strings[d.n === 2 ? 'fig.mols-squares.none.2' : 'fig.mols-squares.none'], vars));
  return lines;
}

/** A square's name with its multiplier as a subscript, in text an SVG title can hold: L₃, L₁₂. */
export const squareName = (m: number): string => `L${String(m).replace(/\d/g, (c) => String.fromCharCode(0x2080 + Number(c)))}`;

const cells = (d: MolsSquaresData, which: 'left' | 'right') =>
  d[which].map((s, c) => ({ i: Math.floor(c / d.n), j: c % d.n, s, repeated: d.multiplicity[c] > 1 }));

/**
 * The two squares side by side, each cell coloured by its symbol. A cell whose pair (L_a, L_b)
 * appears elsewhere too is outlined in both squares: with an orthogonal pair, none is.
 */
export const molsSquaresFigure: FigureModule<MolsSquaresData> = {
  plot(d, { width, document, strings }) {
    const side = Math.max(150, Math.min(300, Math.floor((width - 24) / 2)));
    const text = d.n <= 12;
    const square = (which: 'left' | 'right', m: number) =>
      framed({ document, width: side }, {
        height: side + 24,
        marginTop: 28,
        marginLeft: 4,
        marginRight: 4,
        marginBottom: 4,
        font: 'panel',
        ariaLabel: fill(strings['fig.mols-squares.aria'], { m, Lm: squareName(m), n: d.n }),
        tips: cells(d, which).map((c) => ({ x: c.j, y: c.i, text: reading(fill(strings['fig.mols-squares.tip.cell'], { Lm: squareName(m), i: c.i, j: c.j, s: c.s }), c.repeated && strings['fig.mols-squares.tip.repeated']) })),
        x: { axis: null, domain: Array.from({ length: d.n }, (_, j) => j), padding: 0.06 },
        y: { axis: null, domain: Array.from({ length: d.n }, (_, i) => i), padding: 0.06 },
        color: { type: 'ordinal', domain: Array.from({ length: d.n }, (_, s) => s), range: nodeColours(d.n) },
        marks: [
          Plot.cell(cells(d, which), { x: 'j', y: 'i', fill: 's', fillOpacity: 0.55, inset: 0.5 }),
          Plot.cell(
            cells(d, which).filter((c) => c.repeated),
            { x: 'j', y: 'i', stroke: 'currentColor', strokeWidth: 2.5, fill: 'none', inset: 1.5 },
          ),
          ...(text ? [Plot.text(cells(d, which), { x: 'j', y: 'i', text: 's', fill: 'currentColor' })] : []),
          Plot.text([fill(strings['fig.mols-squares.title'], { m, Lm: squareName(m), n: d.n })], { frameAnchor: 'top', dy: -18, fill: 'currentColor', fontWeight: 'bold' }),
        ],
      });
    const wrap = document.createElement('div');
    wrap.className = 'mols-squares-figure';
    const row = document.createElement('div');
    row.style.display = 'flex';
    row.style.flexWrap = 'wrap';
    row.style.gap = '16px';
    row.append(square('left', d.a), square('right', d.b));
    wrap.append(row);
    for (const line of squaresVerdict(d, strings)) {
      const p = document.createElement('p');
      p.textContent = line;
      wrap.append(p);
    }
    return wrap;
  },
  table(d, { strings }) {
    const columns = [strings['fig.mols-squares.col.row'], ...Array.from({ length: d.n }, (_, j) => fill(strings['fig.mols-squares.col.col'], { j }))];
    const rows = Array.from({ length: d.n }, (_, i) => [
      i,
      ...Array.from({ length: d.n }, (_, j) => {
        const c = i * d.n + j;
        return `(${d.left[c]}, ${d.right[c]})${d.multiplicity[c] > 1 ? ' ×' + d.multiplicity[c] : ''}`;
      }),
    ]);
    return { columns, rows };
  },
};
