/**
 * What a figure writes where it shows the items of a list parameter, so the hand can step each
 * item from the figure (components/notebook/item-steppers.ts, issue 28): the balls grid's panel
 * titles are its d's, SWRR's legend entries its weights. The box gets `data-list-hand` (this
 * description) and each item's element `data-item` (its index). The bounds are the cell's (its
 * spec, in the page): the figure only says where the items are and what they are called.
 */
export interface ListHand {
  param: string;
  /** `own`: the item's element shows its value already (a panel's title "d=2"); `value`: the page shows it beside the element. */
  show: 'own' | 'value';
  /** At least one item stays above zero (SWRR: no node could be picked otherwise). */
  nonzero?: boolean;
  /** What the values are, said before the items where the page shows them (`show: 'value'`). */
  lead?: string;
  items: { value: number; label: string }[];
}

/** Marks `box` as holding the list's items, `elements[i]` showing item i; nothing when they do not match one to one. */
export function markList(box: Element, elements: readonly Element[], hand: ListHand): void {
  if (elements.length !== hand.items.length || elements.length === 0) return;
  box.setAttribute('data-list-hand', JSON.stringify(hand));
  elements.forEach((el, i) => el.setAttribute('data-item', String(i)));
}
