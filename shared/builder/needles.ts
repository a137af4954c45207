import type { NeedleSet } from './observe.js';
import type { AssetSource, Fingerprint } from './signal.js';

/** Collects the literal needles of a fingerprint table, per place they are looked for. */
export function needlesOf(fingerprints: readonly Fingerprint[]): NeedleSet {
  const html = new Set<string>();
  const assets: Record<AssetSource, Set<string>> = { script: new Set(), link: new Set(), img: new Set() };
  for (const fp of fingerprints) {
    for (const signal of fp.signals) {
      if (signal.kind === 'html') html.add(signal.needle);
      if (signal.kind === 'asset') for (const source of signal.sources) assets[source].add(signal.needle);
    }
  }
  return {
    html: [...html],
    assets: { script: [...assets.script], link: [...assets.link], img: [...assets.img] },
  };
}
