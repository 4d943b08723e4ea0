import * as Plot from '@observablehq/plot';
import type { KetamaMemoryData, LayoutField } from '../../src/experiments/ketama-at-scale/ketama-memory.ts';
import { fill } from '../../src/i18n/index.ts';
import { framed, NARROW, textWidth } from './frame.ts';
import { COLOURS } from './palette.ts';
import { reading } from './tips.ts';
import type { FigureModule } from './types.ts';

/** The fields' colours: the hash and the index as a pair, the padding grey (it holds nothing). */
const FIELD: Record<LayoutField, string> = { hash: COLOURS.blue, node: COLOURS.vermillion, padding: COLOURS.grey };
/** Pixels per y unit: one byte box is one unit tall. */
const UNIT = 21;
/** A title line's height, and what a row holds under its title (the boxes, the brackets, the fields' names), in units. */
const LINE = 0.8;
const BODY = 2.6;
const hex = (b: number): string => b.toString(16).padStart(2, '0');

interface ByteRow {
  layout: number;
  i: number;
  field: LayoutField;
  value: number;
}

/**
 * The two point layouts byte by byte: a row of boxes per layout, one box per byte of the ring's
 * first point as the typed arrays hold it in memory (its value in hex in the box), coloured and
 * named by field (hash, server index, padding), with the layout's size a point and the ring's
 * bytes beside its title. The padding is dashed as well as grey, so it reads without colour.
 */
export const ketamaLayoutFigure: FigureModule<KetamaMemoryData> = {
  plot(data, { width, document, locale, strings }) {
    const nf = new Intl.NumberFormat(locale);
    const widest = Math.max(...data.layouts.map((l) => l.bytes));
    const narrow = width < NARROW;
    const name = (f: LayoutField): string => strings[`fig.ketama-layout.field.${f}`];
    const bytes: ByteRow[] = data.layouts.flatMap((l, layout) => {
      const fields = l.fields.flatMap((f) => Array.from({ length: f.bytes }, () => f.field));
      return l.first.map((value, i) => ({ layout, i, field: fields[i], value }));
    });
    // Each field's span, for its name under the boxes.
    const spans = data.layouts.flatMap((l, layout) => {
      let at = 0;
      return l.fields.map((f) => {
        // A phone's two bytes hold the field's name only (its boxes count its bytes).
        const span = { layout, from: at, to: at + f.bytes, field: f.field, label: narrow && f.bytes < 4 ? name(f.field) : fill(strings['fig.ketama-layout.span'], { field: name(f.field), bytes: nf.format(f.bytes) }) };
        at += f.bytes;
        return span;
      });
    });
    // Each title wrapped to the width (a phone's takes two lines), the rows spaced to hold them.
    const px = narrow ? 12 : 13;
    const said = data.layouts.map((l) => {
      const [size, total] = [fill(strings['fig.ketama-layout.title'], { bytes: nf.format(l.bytes) }), fill(strings['fig.ketama-layout.total'], { points: nf.format(data.points), total: nf.format(l.total) })];
      return textWidth(`${size} ${total}`, px) <= width - 12 ? `${size} ${total}` : `${size}\n${total}`;
    });
    const head = LINE * Math.max(...said.map((t) => t.split('\n').length));
    const top = (layout: number): number => -layout * (head + BODY);
    const titles = said.map((text, layout) => ({ x: 0, y: top(layout) + 0.2, text }));
    return framed({ document, width }, {
      height: Math.round(UNIT * (data.layouts.length * (head + BODY) + 0.4)) + 46,
      marginLeft: 4,
      marginRight: 4,
      marginTop: 6,
      marginBottom: 40,
      font: narrow ? 'panel' : 'chart',
      ariaLabel: strings['fig.ketama-layout.aria'],
      // A tick under each byte's middle, numbered from 0 as offsets are.
      x: { domain: [0, widest], label: strings['fig.ketama-layout.x'], labelAnchor: 'center', labelArrow: 'none', labelOffset: 34, ticks: Array.from({ length: widest }, (_, i) => i + 0.5), tickFormat: (v: number) => String(Math.floor(v)) },
      y: { axis: null, domain: [top(data.layouts.length - 1) - BODY + 0.2, head + 0.2] },
      color: { domain: ['hash', 'node', 'padding'], range: [FIELD.hash, FIELD.node, FIELD.padding] },
      tips: bytes.map((b) => ({
        x: b.i + 0.5,
        y: top(b.layout) - 0.5,
        text: reading(titles[b.layout].text.replace(/\n/g, ' '), [fill(strings['fig.ketama-layout.byte'], { i: nf.format(b.i) }), `${name(b.field)}, 0x${hex(b.value)}`]),
      })),
      marks: [
        Plot.text(titles, { x: 'x', y: 'y', text: 'text', textAnchor: 'start', lineAnchor: 'bottom', fill: 'currentColor', fontWeight: 600 }),
        // A tint with the field's full colour as outline, so the hex on it reads in either theme;
        // the padding, which holds nothing, outlined in dashes too.
        ...[false, true].map((padding) =>
          Plot.rect(
            bytes.filter((b) => (b.field === 'padding') === padding),
            { x1: (b: ByteRow) => b.i, x2: (b: ByteRow) => b.i + 1, y1: (b: ByteRow) => top(b.layout), y2: (b: ByteRow) => top(b.layout) - 1, fill: 'field', fillOpacity: padding ? 0.15 : 0.3, stroke: 'field', strokeWidth: 1.5, strokeDasharray: padding ? '4 3' : undefined, inset: 1.5 },
          ),
        ),
        Plot.text(bytes, { x: (b: ByteRow) => b.i + 0.5, y: (b: ByteRow) => top(b.layout) - 0.5, text: (b: ByteRow) => hex(b.value), fill: 'currentColor', fontFamily: 'ui-monospace, monospace' }),
        // A bracket under each field, and its name.
        Plot.ruleY(spans, { x1: (s: (typeof spans)[number]) => s.from + 0.1, x2: (s: (typeof spans)[number]) => s.to - 0.1, y: (s: (typeof spans)[number]) => top(s.layout) - 1.25, stroke: 'field', strokeWidth: 2 }),
        Plot.text(spans, { x: (s: (typeof spans)[number]) => (s.from + s.to) / 2, y: (s: (typeof spans)[number]) => top(s.layout) - 1.4, text: 'label', fill: 'currentColor', lineAnchor: 'top', lineWidth: narrow ? 5 : 12 }),
      ],
    });
  },
  table(data, { strings, locale }) {
    const nf = new Intl.NumberFormat(locale);
    return {
      columns: (['layout', 'byte', 'field', 'value'] as const).map((c) => strings[`fig.ketama-layout.col.${c}`]),
      rows: data.layouts.flatMap((l) => {
        const fields = l.fields.flatMap((f) => Array.from({ length: f.bytes }, () => f.field));
        const layout = fill(strings['fig.ketama-layout.row'], { bytes: nf.format(l.bytes) });
        return l.first.map((b, i) => [layout, i, strings[`fig.ketama-layout.field.${fields[i]}`], `0x${hex(b)}`]);
      }),
    };
  },
};
