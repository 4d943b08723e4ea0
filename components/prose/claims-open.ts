/**
 * The chapter's tally links to the table of the article's numbers (#article-numbers), which is
 * folded: arriving there, by the link or by an address that ends in it, opens the table.
 */
const ID = 'article-numbers';
function openTable(): void {
  if (decodeURIComponent(location.hash.slice(1)) !== ID) return;
  const details = document.getElementById(ID)?.closest('section')?.querySelector('details');
  if (details) details.open = true;
}
addEventListener('hashchange', openTable);
// A press on the link when the address already ends in it changes no hash.
document.addEventListener('click', (e) => {
  const a = (e.target as Element | null)?.closest?.(`a[href="#${ID}"]`);
  if (a) setTimeout(openTable, 0);
});
openTable();
