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

export { collapse, countWords } from './words.js';

export type { PageFacts, LinkFact, AnchorFact, HeadingFact, ImageFact, ScriptFact, FormFact, RootContainerFact } from './fact-types.js';

/**
 * Facts of one document in a single streaming pass: the facts reader hands each element to the extractor of
 * its concern, and the content-blocks listener reads the same events.
 */
export function extractPageFacts(html: string, baseUrl: string): PageFacts {
  const facts = emptyFacts(html.length);
  const reader = new FactsReader(facts, baseUrl, [
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
  ]);
  const content = new ContentBlocksListener(baseUrl);
  walkHtml(html, [reader, content]);
  reader.finish();
  facts.content = content.finish();
  return facts;
}

function emptyFacts(htmlLength: number): PageFacts {
  return {
    htmlLength,
    htmlAttrs: {},
    bodyAttrs: {},
    lang: null,
    title: null,
    titleCount: 0,
    metaByName: new Map(),
    metaByProperty: new Map(),
    metaHttpEquiv: new Map(),
    links: [],
    anchors: [],
    headings: [],
    images: [],
    scripts: [],
    forms: [],
    iframes: [],
    noscriptTexts: [],
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
