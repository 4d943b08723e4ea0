/**
 * The popup of a claim's verdict chip (Claim.astro): one popover per page, filled from the chip's
 * `data-pop` lines (the verdict, the article's value, this site's) when a chip is pressed, and
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
    p.replaceChildren(
      ...(button.dataset.pop ?? '').split('\n').map((line) => {
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
