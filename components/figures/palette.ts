/**
 * Colour by meaning, site-wide: one colour per d, per placement scheme, per balancing rule and
 * per node index, the same in every figure. Every colour has a relative luminance near 0.185,
 * which gives about 4:1 against both page backgrounds (#fdfcf9 light, #15171a dark), above the
 * 3:1 that marks need, so one palette serves both themes without a redraw
 * (tests/unit/figures/palette.test.ts checks each). Equal lightness means hue alone tells them
 * apart: series that can meet also differ by symbol or dash (see DASH and the figures).
 */

export const COLOURS = {
  blue: '#157db8',
  vermillion: '#c45700',
  green: '#008763',
  purple: '#9359da',
  ochre: '#9e6e00',
  pink: '#a56287',
  teal: '#478174',
  brown: '#9d6d50',
  olive: '#807a23',
  grey: '#74777e',
  red: '#ca4e50',
} as const;

const C = COLOURS;

/**
 * Choices per bin, d = 1 … 8 (the herd figure's d = 5 too; more d wrap round); the least-loaded
 * strategy ("all") has its own.
 */
const D = [C.red, C.blue, C.green, C.purple, C.pink, C.brown, C.olive, C.teal] as const;
export const dColour = (d: number): string => D[(Math.max(1, Math.round(d)) - 1) % D.length];
export const LEAST_LOADED = C.ochre;

/** Placement schemes, by the ids the lab uses (and the chapters' own rings and routers). */
export const SCHEME = {
  'mod-n': C.grey,
  mod: C.grey,
  ring: C.vermillion,
  'ring-nginx': C.vermillion,
  'ring-ketama': C.brown,
  'ring-random': C.olive,
  rendezvous: C.purple,
  jump: C.blue,
  maglev: C.green,
  bounded: C.pink,
  multiprobe: C.ochre,
  mols: C.teal,
} as const satisfies Record<string, string>;
export type SchemeId = keyof typeof SCHEME;
export const schemeColour = (id: string): string => (Object.hasOwn(SCHEME, id) ? SCHEME[id as SchemeId] : C.grey);

/**
 * Balancing rules: round robin, burst (classic) weighted round robin, smooth WRR. Their figure
 * also colours nodes (a, b, c …), so the rules keep clear of the first nodes' colours.
 */
export const RULE = { rr: C.grey, wrr: C.ochre, swrr: C.pink } as const;
/** Burst WRR can lie exactly under SWRR: it is dashed as well as coloured. */
export const RULE_DASH = { rr: '1 3', wrr: '6 3', swrr: null } as const;

/** Nodes by index (a, b, c … in SWRR; n0, n1 … on a ring; relays by number). */
const NODE = [C.blue, C.vermillion, C.green, C.purple, C.ochre, C.pink, C.teal, C.brown, C.olive, C.grey] as const;
export const nodeColour = (i: number): string => NODE[((i % NODE.length) + NODE.length) % NODE.length];
export const nodeColours = (count: number): string[] => Array.from({ length: count }, (_, i) => nodeColour(i));

/** Two kinds of one thing (formula and measurement, memory and time, primary and failover). */
export const PAIR = [C.blue, C.vermillion] as const;

/** Symbols that stay distinct at small sizes, in the order series take them. */
export const SYMBOLS = ['circle', 'square', 'diamond2', 'triangle2', 'star', 'cross', 'wye', 'times'] as const;
