import type { PageObservations } from './observe.js';
import { MATCH_THRESHOLD, type Fingerprint, type Signal, type SignalKind } from './signal.js';

/** One signal of a fingerprint that the page showed. */
export interface BuilderEvidence {
  kind: SignalKind;
  /** The signal as written in the table, e.g. `asset script|link ~ static.parastorage.com`. */
  signal: string;
  weight: number;
  /** What the page actually had (generator text, asset URL, header value ...), cut to 160 characters. */
  value: string;
}

export interface BuilderCandidate {
  name: string;
  specificity: number;
  /** 1 − Π(1 − weight) over the matched signals: independent hints add up, never past 1. */
  confidence: number;
  /** Confidence reached the threshold. */
  matched: boolean;
  evidence: BuilderEvidence[];
}

const VALUE_CAP = 160;
// Header values and generator strings are short in practice; the cap bounds regex work on hostile ones.
const TEST_CAP = 2000;

/** The candidate a fingerprint yields on this page, or null when none of its signals showed. */
export function matchFingerprint(fp: Fingerprint, obs: PageObservations): BuilderCandidate | null {
  const evidence: BuilderEvidence[] = [];
  let miss = 1;
  for (const signal of fp.signals) {
    const value = observe(signal, obs);
    if (value === null) continue;
    evidence.push({ kind: signal.kind, signal: describe(signal), weight: signal.weight, value: value.slice(0, VALUE_CAP) });
    miss *= 1 - signal.weight;
  }
  if (!evidence.length) return null;
  const confidence = Math.round((1 - miss) * 1000) / 1000;
  return { name: fp.name, specificity: fp.specificity, confidence, matched: confidence >= MATCH_THRESHOLD, evidence };
}

/** The observed value that satisfies the signal, or null. */
function observe(signal: Signal, obs: PageObservations): string | null {
  switch (signal.kind) {
    case 'generator':
      return obs.generators.find((g) => signal.pattern.test(g.trim().slice(0, TEST_CAP))) ?? null;
    case 'meta': {
      const values = obs.metaNames.get(signal.name);
      return values ? `${signal.name}=${values[0] ?? ''}` : null;
    }
    case 'asset':
      for (const source of signal.sources) {
        const url = obs.assetHits[source].get(signal.needle);
        if (url !== undefined) return url;
      }
      return null;
    case 'assetName':
      for (const source of signal.sources) {
        const url = obs.assetUrls[source].find((u) => signal.pattern.test(u));
        if (url !== undefined) return url;
      }
      return null;
    case 'html':
      return obs.htmlHits.get(signal.needle) ?? null;
    case 'attr': {
      const attrs = signal.element === 'html' ? obs.htmlAttrs : obs.bodyAttrs;
      if (!Object.prototype.hasOwnProperty.call(attrs, signal.name)) return null;
      const value = attrs[signal.name] ?? '';
      if (signal.pattern && !signal.pattern.test(value.slice(0, TEST_CAP))) return null;
      return `${signal.name}="${value}"`;
    }
    case 'comment':
      return obs.comments.find((c) => signal.pattern.test(c)) ?? null;
    case 'header': {
      const value = obs.headers.get(signal.name);
      if (value === undefined) return null;
      if (signal.pattern && !signal.pattern.test(value.slice(0, TEST_CAP))) return null;
      return `${signal.name}: ${value}`;
    }
    case 'cookie':
      return obs.cookies.find((c) => (signal.prefix ? c.startsWith(signal.name) : c === signal.name)) ?? null;
    case 'host':
      return obs.host === signal.domain || obs.host.endsWith(`.${signal.domain}`) ? obs.host : null;
    case 'tag':
      return (obs.tagCounts.get(signal.name) ?? 0) > 0 ? `<${signal.name}>` : null;
    case 'root':
      return obs.rootIds.has(signal.id) ? `#${signal.id}` : null;
  }
}

function describe(signal: Signal): string {
  switch (signal.kind) {
    case 'generator':
    case 'comment':
      return `${signal.kind} ~ ${signal.pattern}`;
    case 'meta':
      return `meta name=${signal.name}`;
    case 'asset':
      return `asset ${signal.sources.join('|')} ~ ${signal.needle}`;
    case 'assetName':
      return `asset ${signal.sources.join('|')} named ~ ${signal.pattern}`;
    case 'html':
      return `html ~ ${signal.needle}`;
    case 'attr':
      return `<${signal.element}> ${signal.name}${signal.pattern ? ` ~ ${signal.pattern}` : ''}`;
    case 'header':
      return `header ${signal.name}${signal.pattern ? ` ~ ${signal.pattern}` : ''}`;
    case 'cookie':
      return `cookie ${signal.name}${signal.prefix ? '*' : ''}`;
    case 'host':
      return `host *.${signal.domain}`;
    case 'tag':
      return `element <${signal.name}>`;
    case 'root':
      return `root #${signal.id}`;
  }
}
