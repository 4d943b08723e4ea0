import * as Plot from '@observablehq/plot';

/** Font sizes: a full-width chart, a panel among a few, a small multiple among many. */
export const FONT = { chart: '13px', panel: '12px', small: '11px' } as const;

/** Room for an x-axis label below and the last tick label on the right: most single charts. */
export const AXIS_MARGINS = { marginRight: 16, marginBottom: 44 } as const;

export interface FrameOptions extends Omit<Plot.PlotOptions, 'document' | 'width' | 'style'> {
  /** The font size by role (default: chart). */
  font?: keyof typeof FONT;
}

/**
 * The frame every figure's Plot charts share: the page's (or the server's) document, the width
 * the figure was given, and the font size by role. Margins and everything else are the chart's.
 */
export function framed({ document, width }: { document: Document; width: number }, { font = 'chart', ...options }: FrameOptions): ReturnType<typeof Plot.plot> {
  return Plot.plot({ document, width, ...options, style: { fontSize: FONT[font] } });
}
