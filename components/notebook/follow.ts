import { fill, type Strings } from '../../src/i18n/index.ts';
import { isMarker, tailText } from '../../src/i18n/josa.ts';
import type { Said } from '../../src/experiments/shared/types.ts';
import { fillText, type FillSource } from './fill.ts';
import { sayHtml } from './say.ts';

/**
 * The page follows the reader (the notebook contract, section 5): after a live run, the numbers
 * in the prose bound to a cell and the slots of its caption show the reader's values, marked as
 * the reader's run with the build's value one step away (a title, and words for screen readers);
 * a claim about the cell's build run says that the reader's setting is not the article's. Reset
 * puts every one of them back as the build wrote it, byte for byte.
 *
 * What binds to a cell: a `data-measured="<experiment>:<key>"` element that names the cell
 * (`data-cell-ref`), or, naming none, whose run (`data-run`: experiment and all parameters) is the
 * cell's build run; a claim (`data-claim`) whose run is the cell's build run; every `data-fill`
 * slot inside the cell; a sentence (`data-say`, components/notebook/say.ts) bound as a measured
 * number is, or inside the cell. A number inside a sentence is the sentence's to write.
 */

interface Saved {
  attrs: [string, string][];
  html: string;
}

export interface Followers {
  measured: HTMLElement[];
  claims: HTMLElement[];
  slots: HTMLElement[];
  sentences: HTMLElement[];
  saved: Map<HTMLElement, Saved>;
}

const save = (el: Element): Saved => ({ attrs: Array.from(el.attributes, (a) => [a.name, a.value]), html: el.innerHTML });

function restore(el: Element, s: Saved): void {
  for (const name of el.getAttributeNames()) el.removeAttribute(name);
  for (const [name, value] of s.attrs) el.setAttribute(name, value);
  el.innerHTML = s.html;
}

/** The elements of the page that follow one cell, saved as the build wrote them. */
export function followersOf(root: HTMLElement, cellId: string, experiment: string, buildRun: string): Followers {
  const bound = (el: HTMLElement) => (el.dataset.cellRef ? el.dataset.cellRef === cellId : el.dataset.run === buildRun);
  const measured = Array.from(document.querySelectorAll<HTMLElement>('[data-measured]')).filter(
    (el) => el.dataset.measured!.startsWith(`${experiment}:`) && !el.closest('[data-say]') && bound(el),
  );
  const sentences = Array.from(document.querySelectorAll<HTMLElement>('[data-say]')).filter(
    (el) => el.dataset.say!.startsWith(`${experiment}:`) && (root.contains(el) || bound(el)),
  );
  const claims = Array.from(document.querySelectorAll<HTMLElement>('[data-claim][data-run]')).filter((el) => el.dataset.run === buildRun);
  const slots = Array.from(root.querySelectorAll<HTMLElement>('[data-fill]'));
  const saved = new Map<HTMLElement, Saved>();
  for (const el of [...measured, ...claims, ...slots, ...sentences]) saved.set(el, save(el));
  return { measured, claims, slots, sentences, saved };
}

/** The value an element shows, without what follows it in the same word (its `.tail`). */
const shownValue = (el: Element): string => (el.firstChild?.nodeType === 3 ? (el.firstChild.textContent ?? '') : '');

/** What follows the value (a counter, a particle) for a new value: the particle chosen again from it. */
export function retail(tail: HTMLElement | null, text: string): void {
  const marker = tail?.dataset.josa;
  if (!tail || marker === undefined || !isMarker(marker)) return;
  tail.textContent = tailText(text, tail.dataset.suffix, marker);
}

/**
 * Marks one element as showing the reader's run: `text` in place of the build's, which stays one
 * step away. What follows the value in the same word stays right after it, its particle chosen
 * from the new value; the note for screen readers comes after the whole word.
 */
function showYours(el: HTMLElement, text: string, build: string, s: Strings, missing = false): void {
  const doc = el.ownerDocument;
  const note = fill(s[missing ? 'cell.yours.missing' : 'cell.yours.title'], { build });
  el.dataset.source = 'live';
  el.title = note;
  const hidden = doc.createElement('span');
  hidden.className = 'sr-only';
  hidden.textContent = ` (${note})`;
  const tail = el.querySelector<HTMLElement>(':scope > .tail');
  retail(tail, text);
  el.replaceChildren(doc.createTextNode(text), ...(tail ? [tail] : []), hidden);
}

/**
 * After a live run: every follower shows the run, from `src` (the run's params and results) and
 * `said` (the case of each of the experiment's sentences).
 */
export function followRun(f: Followers, src: FillSource, sameAsBuild: boolean, s: Strings, said: Record<string, Said> = {}): void {
  for (const el of f.sentences) {
    restore(el, f.saved.get(el)!);
    const name = el.dataset.say!.slice(el.dataset.say!.indexOf(':') + 1);
    const experiment = el.dataset.say!.slice(0, el.dataset.say!.indexOf(':'));
    if (!Object.hasOwn(said, name)) continue;
    const build = el.textContent ?? '';
    el.innerHTML = sayHtml(experiment, name, said[name], src, s as Readonly<Record<string, string | undefined>>, el.dataset.caption !== undefined);
    if (sameAsBuild) continue;
    el.dataset.source = 'live';
    el.title = fill(s['cell.yours.title'], { build });
    const hidden = el.ownerDocument.createElement('span');
    hidden.className = 'sr-only';
    hidden.textContent = ` (${el.title})`;
    el.append(hidden);
  }
  for (const el of f.measured) {
    const before = f.saved.get(el)!;
    restore(el, before);
    const build = shownValue(el);
    const key = el.dataset.measured!.slice(el.dataset.measured!.indexOf(':') + 1);
    const text = fillText(`result:${key}`, undefined, src);
    // A number the reader's run does not have says so in words (never a dash shown as data).
    if (text === undefined) showYours(el, s['cell.yours.absent'], build, s, true);
    else {
      el.dataset.value = String(src.results[key]);
      showYours(el, text, build, s);
    }
  }
  for (const el of f.slots) {
    restore(el, f.saved.get(el)!);
    const build = shownValue(el);
    const text = fillText(el.dataset.fill!, el.dataset.op, src);
    if (text !== undefined) showYours(el, text, build, s);
  }
  for (const el of f.claims) {
    restore(el, f.saved.get(el)!);
    // The article's number stays; compared with a run at other settings it would say nothing.
    if (sameAsBuild) continue;
    const note = el.ownerDocument.createElement('span');
    note.className = 'claim-setting';
    note.dataset.followNote = '';
    note.textContent = s['cell.claim.other-setting'];
    el.append(note);
  }
}

/** Reset: every follower as the build wrote it. */
export function restoreFollowers(f: Followers): void {
  for (const [el, s] of f.saved) restore(el, s);
}
