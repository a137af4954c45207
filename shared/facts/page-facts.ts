import { walkHtml } from './html-walk.js';
import { ContentBlocksListener, EMPTY_CONTENT } from './content-blocks.js';
import type { PageFacts } from './fact-types.js';
import { FactsReader } from './reader/facts-reader.js';
import { structureExtractor } from './reader/structure.js';
import { documentExtractor } from './reader/document.js';
import { headExtractor } from './reader/head.js';
import { anchorsExtractor } from './reader/anchors.js';
import { mediaExtractor } from './reader/media.js';
import { scriptsExtractor } from './reader/scripts.js';
import { formsExtractor } from './reader/forms.js';
import { timesExtractor } from './reader/times.js';
import { headingsExtractor } from './reader/headings.js';
import { visibleTextExtractor } from './reader/visible-text.js';
import { HIDDEN_TEXT_TAGS, HIDDEN_WITHOUT_SCRIPTING } from './html-tags.js';
import { NOSCRIPT_CONTENT_WORDS, noscriptContentWords } from './noscript-content.js';
import { utf8Length } from './words.js';

export { collapse, countWords } from './words.js';

export type { PageFacts, LinkFact, AnchorFact, HeadingFact, ImageFact, ScriptFact, FormFact, RootContainerFact } from './fact-types.js';

/**
 * Facts of one document in a single streaming pass: the facts reader hands each element to the extractor of
 * its concern, and the content-blocks listener reads the same events. When `<noscript>` holds content (an
 * article, not a request to enable JavaScript), the document is read a second time the way a client without
 * JavaScript renders it, noscript content visible.
 */
export function extractPageFacts(html: string, baseUrl: string): PageFacts {
  const facts = readFacts(html, baseUrl, HIDDEN_TEXT_TAGS);
  if (noscriptContentWords(facts.noscriptTexts) < NOSCRIPT_CONTENT_WORDS) return facts;
  const rendered = readFacts(html, baseUrl, HIDDEN_WITHOUT_SCRIPTING);
  rendered.noscriptContent = true;
  return rendered;
}

function readFacts(html: string, baseUrl: string, hiddenTags: ReadonlySet<string>): PageFacts {
  const facts = emptyFacts(html.length, utf8Length(html));
  const reader = new FactsReader(
    facts,
    baseUrl,
    [
      structureExtractor(),
      documentExtractor(),
      headExtractor(),
      anchorsExtractor(),
      mediaExtractor(),
      scriptsExtractor(),
      formsExtractor(),
      timesExtractor(),
      headingsExtractor(),
      visibleTextExtractor(),
    ],
    hiddenTags,
  );
  const content = new ContentBlocksListener(baseUrl, hiddenTags);
  walkHtml(html, [reader, content]);
  reader.finish();
  facts.content = content.finish();
  // Both listeners saw the same elements, so the n-th heading of one is the n-th of the other.
  facts.headings.forEach((h, i) => (h.region = facts.content.headingRegions[i] ?? 'content'));
  return facts;
}

function emptyFacts(htmlLength: number, htmlBytes: number): PageFacts {
  return {
    htmlLength,
    htmlBytes,
    htmlAttrs: {},
    bodyAttrs: {},
    lang: null,
    title: null,
    titleCount: 0,
    metaByName: new Map(),
    metaByProperty: new Map(),
    metaHttpEquiv: new Map(),
    metaCutByQuote: [],
    links: [],
    anchors: [],
    headings: [],
    images: [],
    scripts: [],
    forms: [],
    iframes: [],
    noscriptTexts: [],
    noscriptContent: false,
    times: [],
    itemtypes: [],
    rdfaTypeofs: [],
    itemprops: [],
    tagCounts: new Map(),
    roleCounts: new Map(),
    rootContainers: [],
    text: '',
    wordCount: 0,
    comments: [],
    elementCount: 0,
    maxDepth: 0,
    content: EMPTY_CONTENT,
  };
}

/** First value of a meta name/property, trimmed, or null. */
export function firstMeta(map: Map<string, string[]>, key: string): string | null {
  const v = map.get(key)?.[0];
  return v === undefined ? null : v.trim();
}
