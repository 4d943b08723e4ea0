import { formatParam, parseParam } from '../../src/experiments/shared/params.ts';
import type { ParamSpec } from '../../src/experiments/shared/types.ts';
import { fill, type Strings } from '../../src/i18n/index.ts';
import type { ListHand } from '../figures/steppers.ts';

/**
 * A list parameter stepped from the figure (issue 28): where a figure shows the items of a list
 * (components/figures/steppers.ts marks them: the balls grid's panel titles are its d's, SWRR's
 * legend its weights), each item gets a − and a + button and becomes a spin button, its one tab
 * stop: the arrow keys step it (up or right for more), Page Up and Page Down by ten, Home and End
 * go to its bounds. A value another item holds is stepped over when the list must be distinct,
 * and a list that must keep an item above zero (SWRR's weights) keeps it.
 *
 * Each step sets the cell's field as typed and runs the cell (the cells that use it are instant),
 * so the URL, Share and the command line follow. A run redraws the figure: the steppers are put
 * on the new drawing, and the focus goes back to the stepper that had it (each part names itself
 * with data-focus-key: redraw.ts).
 */

type ListSpec = Extract<ParamSpec, { kind: 'int-list' }>;

export interface ItemStepperHooks {
  /** False while the cell cannot run yet (before its link's values are in). */
  ready(): boolean;
  /** Sets these parameters (text as a field holds it) and runs the cell. */
  apply(values: Record<string, string>): void;
}

/**
 * The list with item `i` set to `target` (kept within the bounds), or null when that changes
 * nothing or is not allowed. In a distinct list a value another item holds is passed over, on in
 * the direction of the move, else back towards the item's own value.
 */
export function moveItem(values: readonly number[], i: number, target: number, spec: ListSpec, nonzero = false): number[] | null {
  const own = values[i];
  if (own === undefined || !Number.isFinite(target)) return null;
  const dir = Math.sign(target - own);
  if (dir === 0) return null;
  const taken = new Set(spec.distinct === false ? [] : values.filter((_, j) => j !== i));
  const clamp = (v: number) => Math.min(spec.max, Math.max(spec.min, Math.round(v)));
  let v = clamp(target);
  while (taken.has(v) && v + dir >= spec.min && v + dir <= spec.max) v += dir;
  if (taken.has(v)) for (v = clamp(target); taken.has(v) && v !== own; v -= dir);
  if (v === own || taken.has(v)) return null;
  const next = values.map((x, j) => (j === i ? v : x));
  return nonzero && next.every((x) => x <= 0) ? null : next;
}

/** Where a key on an item's spin button moves it (null: a key it does not take). */
export function keyTarget(key: string, value: number, spec: ListSpec): number | null {
  switch (key) {
    case 'ArrowUp':
    case 'ArrowRight':
      return value + 1;
    case 'ArrowDown':
    case 'ArrowLeft':
      return value - 1;
    case 'PageUp':
      return value + 10;
    case 'PageDown':
      return value - 10;
    case 'Home':
      return spec.min;
    case 'End':
      return spec.max;
    default:
      return null;
  }
}

function handOf(box: Element): ListHand | null {
  try {
    return JSON.parse(box.getAttribute('data-list-hand') ?? '') as ListHand;
  } catch {
    return null;
  }
}

export function attachItemSteppers(root: HTMLElement, specs: Record<string, ParamSpec>, s: Strings, hooks: ItemStepperHooks): void {
  const plot = root.querySelector<HTMLElement>('.figure-plot');
  if (!plot?.querySelector('[data-list-hand]')) return;
  const doc = root.ownerDocument;

  /** The list now: the field's when it reads as a list of the figure's length, else the figure's. */
  const current = (hand: ListHand, spec: ListSpec): number[] => {
    const field = root.querySelector<HTMLInputElement>(`[name="${CSS.escape(hand.param)}"]`);
    const parsed = field ? parseParam(spec, field.value) : null;
    const fromField = parsed?.ok && Array.isArray(parsed.value) ? parsed.value : null;
    return fromField && fromField.length === hand.items.length ? [...fromField] : hand.items.map((it) => it.value);
  };

  const decorate = (box: HTMLElement) => {
    const hand = handOf(box);
    const spec = hand && Object.hasOwn(specs, hand.param) ? specs[hand.param] : null;
    if (!hand || spec?.kind !== 'int-list' || box.dataset.stepped) return;
    box.dataset.stepped = 'true';
    // The titles of a figure hide from screen readers what its chart says; steppers must be reachable.
    box.removeAttribute('aria-hidden');
    const parts: { spin: HTMLElement; less: HTMLButtonElement; more: HTMLButtonElement; i: number }[] = [];
    const refresh = (values: readonly number[]) => {
      for (const { spin, less, more, i } of parts) {
        spin.setAttribute('aria-valuenow', String(values[i]));
        if (hand.show === 'value') spin.textContent = String(values[i]);
        less.disabled = !moveItem(values, i, values[i] - 1, spec, hand.nonzero);
        more.disabled = !moveItem(values, i, values[i] + 1, spec, hand.nonzero);
      }
    };
    const go = (i: number, target: (value: number) => number | null) => {
      if (!hooks.ready()) return;
      const values = current(hand, spec);
      const to = target(values[i]);
      const next = to === null ? null : moveItem(values, i, to, spec, hand.nonzero);
      if (!next) return;
      refresh(next);
      hooks.apply({ [hand.param]: formatParam(next) });
    };
    for (const el of Array.from(box.querySelectorAll<HTMLElement>('[data-item]'))) {
      const i = Number(el.dataset.item);
      const item = hand.items[i];
      if (!item) continue;
      const button = (part: 'less' | 'more', text: string) => {
        const b = doc.createElement('button');
        b.type = 'button';
        b.className = 'item-step';
        b.dataset.part = part;
        b.dataset.focusKey = `item-${i}-${part}`;
        b.tabIndex = -1;
        b.textContent = text;
        b.setAttribute('aria-label', fill(s[part === 'less' ? 'cell.hand.less' : 'cell.hand.more'], { label: item.label }));
        b.addEventListener('click', () => go(i, (v) => v + (part === 'less' ? -1 : 1)));
        return b;
      };
      const spin = doc.createElement('span');
      spin.className = 'item-spin';
      spin.dataset.part = 'spin';
      spin.dataset.focusKey = `item-${i}-spin`;
      spin.tabIndex = 0;
      spin.setAttribute('role', 'spinbutton');
      spin.setAttribute('aria-label', item.label);
      spin.setAttribute('aria-valuemin', String(spec.min));
      spin.setAttribute('aria-valuemax', String(spec.max));
      if (hand.show === 'own') {
        spin.append(...Array.from(el.childNodes));
        spin.setAttribute('aria-valuetext', spin.textContent ?? '');
      }
      spin.addEventListener('keydown', (e) => {
        if (e.altKey || e.ctrlKey || e.metaKey) return;
        const to = keyTarget(e.key, 0, spec);
        if (to === null) return;
        e.preventDefault();
        go(i, (v) => keyTarget(e.key, v, spec));
      });
      const less = button('less', '−');
      const more = button('more', '+');
      el.classList.add('item-stepper');
      el.append(less, spin, more);
      parts.push({ spin, less, more, i });
    }
    if (hand.lead && parts.length > 0) {
      // What the numbers are; the spin buttons' own names say it to a screen reader.
      const lead = doc.createElement('span');
      lead.className = 'item-stepper-lead';
      lead.setAttribute('aria-hidden', 'true');
      lead.textContent = hand.lead;
      box.prepend(lead);
    }
    refresh(current(hand, spec));
  };

  const decorateAll = () => {
    for (const box of Array.from(plot.querySelectorAll<HTMLElement>('[data-list-hand]'))) decorate(box);
  };
  new MutationObserver(decorateAll).observe(plot, { childList: true });
  decorateAll();
}
