import { subset, type Locale, type Strings } from './index.ts';

/** `cell.<experiment id>.(param|option|result|measure|missing|say).…`: strings that belong to one experiment. */
const ofAnExperiment = /^cell\.[a-z]+\.[a-z-]+\.(param|option|result|measure|missing|say)\./;

/** The strings every cell shares (buttons, states, messages): carried once per page. */
export function sharedCellStrings(locale: Locale): Strings {
  return Object.fromEntries(Object.entries(subset(locale, ['cell.', 'fig.label', 'claim.verdict.'])).filter(([k]) => !ofAnExperiment.test(k))) as Strings;
}

/** One experiment's own labels, and its figure's: carried by that experiment's cells. */
export function ownCellStrings(locale: Locale, experiment: string, figure?: string): Strings {
  return subset(locale, [`cell.${experiment}.`, ...(figure ? [`fig.${figure}.`] : [])]);
}
