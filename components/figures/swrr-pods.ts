import type { SwrrPodsData } from '../../src/experiments/smooth-weighted-round-robin/swrr-pods.ts';
import { fill } from '../../src/i18n/index.ts';
import { letter } from '../../src/lib/swrr/index.ts';
import { strip } from './swrr-strip.ts';
import type { FigureModule } from './types.ts';

/** The first requests as the nodes receive them: through M pods with their own state, and from one shared instance. */
export const swrrPodsFigure: FigureModule<SwrrPodsData> = {
  plot(data, { width, document, strings }) {
    return strip(
      [
        { label: fill(strings['fig.swrr-pods.row.pods'], { pods: data.pods }), picks: data.podsHead },
        { label: strings['fig.swrr-pods.row.shared'], picks: data.sharedHead },
      ],
      data.weights.length,
      { document, width, ariaLabel: fill(strings['fig.swrr-pods.aria'], { pods: data.pods }), xLabel: strings['fig.swrr-pods.x'] },
    );
  },
  table(data, { locale, strings }) {
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const total = data.weights.reduce((a, b) => a + b, 0);
    const letters = data.weights.map((_, i) => letter(i));
    return {
      columns: [strings['fig.swrr-pods.col.source'], strings['fig.swrr-pods.col.head'], ...letters.map((node) => fill(strings['fig.swrr-pods.col.share'], { node }))],
      rows: [
        [fill(strings['fig.swrr-pods.row.pods'], { pods: data.pods }), data.podsHead.map(letter).join(''), ...data.podsShares.map((s) => pct.format(s))],
        [strings['fig.swrr-pods.row.shared'], data.sharedHead.map(letter).join(''), ...data.sharedShares.map((s) => pct.format(s))],
        [strings['fig.swrr-pods.row.weights'], strings['fig.swrr-pods.row.weights.head'], ...data.weights.map((w) => pct.format(w / total))],
      ],
    };
  },
};
