import type { VerdictKind } from '../../src/claims/verdict.ts';
import { chipText } from './verdict-chip.ts';

/**
 * The popup of a claim's verdict chip (Claim.astro): one popover per page, filled when a chip is
 * pressed with the verdict (the chip's word), the article's value and this site's (its `data-pop`,
 * "article|ours"), in the words the page's first claim carries (`data-pop-labels`), and
 * anchored to it (`showPopover({ source })` makes the chip its anchor; CSS places it below).
 * Keyboard and touch press the chip like any button; Escape or a press elsewhere closes it.
 */
export function attachVerdictPopup(doc: Document): void {
  let pop: HTMLElement | null = null;
  let owner: HTMLButtonElement | null = null;
  const popup = (): HTMLElement => {
    if (pop) return pop;
    pop = doc.createElement('div');
    pop.id = 'verdict-pop';
    pop.className = 'verdict-pop';
    pop.setAttribute('popover', 'auto');
    pop.setAttribute('role', 'note');
    pop.setAttribute('data-pagefind-ignore', '');
    pop.addEventListener('toggle', (ev) => {
      if ((ev as ToggleEvent).newState === 'closed' && owner) {
        owner.setAttribute('aria-expanded', 'false');
        owner = null;
      }
    });
    doc.body.append(pop);
    return pop;
  };
  doc.addEventListener('click', (ev) => {
    const button = (ev.target as Element | null)?.closest?.<HTMLButtonElement>('.claim button.verdict');
    if (!button) return;
    const p = popup();
    const again = owner === button;
    if (p.matches(':popover-open')) p.hidePopover();
    if (again) return;
    const [verdict, article, ours, none] = (doc.querySelector<HTMLElement>('[data-pop-labels]')?.dataset.popLabels ?? 'verdict|article|this site|—').split('|');
    const [articleValue, oursValue] = (button.dataset.pop ?? '|').split('|');
    const word = button.querySelector('.verdict-word, .sr-only')?.textContent ?? '';
    const kind = button.dataset.kind as VerdictKind;
    const { lines } = chipText(kind, { verdict, word, article, ours, none }, articleValue, oursValue || undefined);
    p.replaceChildren(
      ...lines.map((line) => {
        const span = doc.createElement('span');
        span.className = 'verdict-line';
        span.textContent = line;
        return span;
      }),
    );
    owner = button;
    button.setAttribute('aria-expanded', 'true');
    button.setAttribute('aria-controls', p.id);
    (p.showPopover as (options?: { source?: HTMLElement }) => void).call(p, { source: button });
  });
}
