import type { Strings } from '../../src/i18n/index.ts';

/** What every figure is handed: the same at build time (a server-side DOM) and in the page. */
export interface FigureContext {
  width: number;
  document: Document;
  locale: string;
  /** The cell's UI strings (already filtered to what the page carries). */
  strings: Strings;
}

export interface TableData {
  columns: string[];
  rows: (string | number)[][];
}

export interface FigureModule<D = unknown> {
  /** (data, { width, document }) -> the figure as a DOM node, drawn with Plot. */
  plot(data: D, ctx: FigureContext): Element;
  /**
   * True when one drawing serves every width, so the build draws it once instead of at each:
   * its drawing holds no text (titles and legend are HTML) and scales to any box, or it is a
   * wrapping row of panels no wider than a phone's box (frame.ts PANEL).
   */
  fluid?: boolean;
  /**
   * How many of its cell's numbers stay in view under it, the rest folded into "All n numbers"
   * (render.ts RESULTS_SHOWN when unset): 0 when the figure's own labels show the first ones.
   */
  resultsShown?: number;
  /** The same data as a table: the figure's text alternative. */
  table(data: D, ctx: FigureContext): TableData;
}
