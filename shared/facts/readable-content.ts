import type { JudgeContext } from '../judge/context.js';
import type { RootContainerFact } from './page-facts.js';
import { documentKind } from './document-kind.js';
import { plural } from '../judge/wording.js';
import { asksForJavaScript } from './noscript-content.js';
import { countWords } from './words.js';

/**
 * Whether the server's HTML carries readable content, or is a shell that JavaScript fills in.
 * This one verdict is shared: when the page is a shell, `rendering.no-content-without-js` raises the
 * critical issue and the rules that judge content (in Rendering, Content Structure and Trust) are
 * not applicable, so one root cause is reported once, not ten times.
 */

/** Below this many words the server HTML has no readable content. */
export const MIN_READABLE_WORDS = 50;
/** With the rendered DOM as proof: this many words only after JavaScript is real content. */
const RENDERED_PROOF_WORDS = 150;
/** A long rendered page whose raw HTML has under 10 % of its words has nearly nothing without JavaScript. */
const LONG_RENDERED_WORDS = 300;
const NEARLY_NOTHING_SHARE = 0.1;
/** Below this many words a body with any script is drawn by it. */
const NEAR_EMPTY_WORDS = 10;
const HEAVY_INLINE_CHARS = 5_000;
/** This many `{{ ... }}` placeholders make a client-side template, not a page that quotes one. */
const MIN_PLACEHOLDERS = 3;
const PLACEHOLDER = /\{\{[\s\S]*?\}\}/g;
/** A SPA root with less text than this is empty (a spinner, "Loading..."). */
const EMPTY_ROOT_CHARS = 20;

const EXECUTABLE_TYPES =
  /^(|text\/javascript|application\/javascript|application\/x-javascript|text\/ecmascript|application\/ecmascript|module|text\/babel|text\/jsx)$/;

export interface ShellEvidence {
  /** Words of the server HTML a reader could use: unrendered template placeholders left out. */
  rawWords: number;
  /** `{{ ... }}` placeholders in the visible text: a client-side template (AngularJS, Vue, Handlebars) not yet rendered. */
  templatePlaceholders: number;
  /** Words of the rendered DOM, when the extension or the server's browser captured it. */
  renderedWords: number | null;
  /** SPA mount points (#root, #__next ...) with no text. */
  emptyRoots: RootContainerFact[];
  /** A custom element the app renders into, such as Angular's `<app-root>`. */
  appElement: string | null;
  noscriptAsksForJs: boolean;
  bodyAsksForJs: boolean;
  externalScripts: number;
  inlineScriptChars: number;
}

export interface ShellVerdict {
  /** True when the server HTML has no readable content and JavaScript is what would supply it. */
  shell: boolean;
  evidence: ShellEvidence;
  /** Human-readable reasons, for issue texts. */
  markers: string[];
}

export function shellVerdict(ctx: JudgeContext): ShellVerdict {
  return ctx.memo('facts.shellVerdict', () => {
    const facts = ctx.facts;
    const rendered = ctx.renderedFacts;
    let externalScripts = 0;
    let inlineScriptChars = 0;
    for (const s of facts.scripts) {
      const type = s.type ?? '';
      if (!EXECUTABLE_TYPES.test(type)) continue;
      if (s.src !== null) externalScripts++;
      else inlineScriptChars += s.text.length;
    }
    const template = templateWords(facts.text);
    const evidence: ShellEvidence = {
      rawWords: facts.wordCount - template.words,
      templatePlaceholders: template.placeholders,
      renderedWords: rendered ? rendered.wordCount : null,
      emptyRoots: facts.rootContainers.filter((r) => r.textLength < EMPTY_ROOT_CHARS),
      appElement: [...facts.tagCounts.keys()].find((tag) => tag === 'app-root' || tag.endsWith('-app')) ?? null,
      noscriptAsksForJs: facts.noscriptTexts.some(asksForJavaScript),
      bodyAsksForJs: facts.wordCount < MIN_READABLE_WORDS && asksForJavaScript(facts.text),
      externalScripts,
      inlineScriptChars,
    };
    const markers = describeMarkers(evidence);
    return { shell: isShell(evidence, markers.length > 0), evidence, markers };
  });
}

/** True when the page is an HTML document whose server HTML carries content a reader could use. */
export function hasReadableContent(ctx: JudgeContext): boolean {
  return documentKind(ctx) === 'html' && !shellVerdict(ctx).shell;
}

function isShell(e: ShellEvidence, hasMarkers: boolean): boolean {
  // The rendered DOM is proof either way (content only after JavaScript, or none at all), unless the
  // capture came back empty, which says more about the capture than about the page.
  if (e.renderedWords !== null && e.renderedWords > 0) {
    if (e.rawWords < MIN_READABLE_WORDS) return e.renderedWords >= RENDERED_PROOF_WORDS;
    return e.renderedWords >= LONG_RENDERED_WORDS && e.rawWords < e.renderedWords * NEARLY_NOTHING_SHARE;
  }
  return e.rawWords < MIN_READABLE_WORDS && hasMarkers;
}

function describeMarkers(e: ShellEvidence): string[] {
  const markers: string[] = [];
  for (const root of e.emptyRoots) markers.push(`an empty <${root.tag} id="${root.id}">`);
  if (e.appElement) markers.push(`an app mount element <${e.appElement}>`);
  if (e.templatePlaceholders >= MIN_PLACEHOLDERS) markers.push(`${e.templatePlaceholders} unrendered template placeholders ({{ ... }})`);
  if (e.noscriptAsksForJs) markers.push('a <noscript> message asking for JavaScript');
  if (e.bodyAsksForJs) markers.push('text asking the reader to enable JavaScript');
  if (e.rawWords < MIN_READABLE_WORDS && scriptDriven(e)) {
    if (e.inlineScriptChars >= HEAVY_INLINE_CHARS) markers.push(`${Math.round(e.inlineScriptChars / 1024)} KB of inline script`);
    else if (e.externalScripts > 0) markers.push(plural(e.externalScripts, 'external script'));
    else markers.push('an inline script');
  }
  return markers;
}

/**
 * Scripts that probably draw the page (Ember, Flutter, Elm have no telltale root id): a body with
 * next to no words and any script, or a short page weighed down by many or large scripts. One module
 * script on a short page is not enough: Astro and Vite sites ship one with fully rendered HTML.
 */
function scriptDriven(e: ShellEvidence): boolean {
  if (e.externalScripts >= 3 || e.inlineScriptChars >= HEAVY_INLINE_CHARS) return true;
  return e.rawWords < NEAR_EMPTY_WORDS && (e.externalScripts > 0 || e.inlineScriptChars > 0);
}

/** Words inside `{{ ... }}` placeholders of the visible text, and how many placeholders there are. */
function templateWords(text: string): { words: number; placeholders: number } {
  let words = 0;
  let placeholders = 0;
  if (!text.includes('{{')) return { words, placeholders };
  for (const m of text.matchAll(PLACEHOLDER)) {
    placeholders++;
    words += countWords(m[0]);
  }
  return { words, placeholders };
}
