/**
 * A display formula wider than its column scrolls inside its own box (prose.css). A box that
 * scrolls takes the keyboard's focus (tabindex 0), so the arrow keys scroll it as a mouse or a
 * finger does; one that fits is no tab stop. Decided whenever the browser lays the formula out
 * anew (a ResizeObserver on the box and on the formula's parts, whose widths change when a font
 * arrives or the window narrows): read after layout, so it never makes the browser lay out early,
 * and a formula skipped by render on demand is decided when it is shown. Imported by the chapter
 * page (a module: once a page).
 */
const decide = (box: HTMLElement) => {
  if (box.scrollWidth > box.clientWidth + 1) box.tabIndex = 0;
  else box.removeAttribute('tabindex');
};

const observer = new ResizeObserver((entries) => {
  const boxes = new Set<HTMLElement>();
  for (const e of entries) {
    const box = e.target.closest<HTMLElement>('.katex-display');
    if (box) boxes.add(box);
  }
  for (const box of boxes) decide(box);
});
for (const box of document.querySelectorAll<HTMLElement>('.katex-display')) {
  observer.observe(box);
  for (const part of box.querySelectorAll('.katex-html > .base, .katex-html > .tag')) observer.observe(part);
}
