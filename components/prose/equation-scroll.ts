/**
 * A display formula wider than its column scrolls inside its own box (prose.css). A box that
 * scrolls takes the keyboard's focus (tabindex 0), so the arrow keys scroll it as a mouse or a
 * finger does; one that fits is no tab stop. Measured once the fonts are in (a formula's width is
 * its fonts'), again when a font arrives later (a formula first laid out when shown, under render
 * on demand) and when the window's width changes. Imported by the chapter page (a module: once a
 * page).
 */
function measure(): void {
  for (const d of document.querySelectorAll<HTMLElement>('.katex-display')) {
    if (d.scrollWidth > d.clientWidth + 1) d.tabIndex = 0;
    else d.removeAttribute('tabindex');
  }
}

void document.fonts.ready.then(measure);
document.fonts.addEventListener('loadingdone', measure);
let width = innerWidth;
let timer: ReturnType<typeof setTimeout> | undefined;
addEventListener('resize', () => {
  if (innerWidth === width) return;
  width = innerWidth;
  clearTimeout(timer);
  timer = setTimeout(measure, 150);
});
