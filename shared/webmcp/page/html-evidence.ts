import type { PageFacts } from '../../facts/page-facts.js';
import type { WebmcpEvidence } from '../../types/audit.js';
import { evidence } from '../evidence.js';
import { TOOL_NAME } from '../script/descriptor.js';
import { type LineLocator, snippetAround } from '../text.js';
import { originTrialEvidence } from './origin-trial-evidence.js';

/**
 * WebMCP in the server's HTML (docs/research/webmcp.md#inputs): declarative `<form toolname tooldescription>`
 * (a registration), `<meta http-equiv="origin-trial">`, `<iframe allow="tools">` delegating the
 * permission to a frame, and cf-webmcp's `<link rel="webmcp">`.
 */
export function htmlEvidence(facts: PageFacts, html: string, pageUrl: string, locator: LineLocator): WebmcpEvidence[] {
  const out: WebmcpEvidence[] = [];
  const at = (offset: number | null): WebmcpEvidence['location'] =>
    offset === null ? { type: 'html', url: pageUrl } : { type: 'html', url: pageUrl, offset, ...locator.at(offset) };

  for (const form of facts.forms) {
    const rawName = form.attrs['toolname'];
    if (rawName === undefined) continue;
    const name = rawName.trim();
    const description = form.attrs['tooldescription']?.trim() ?? '';
    // The browser skips a form whose name is invalid or whose description is missing.
    const complete = TOOL_NAME.test(name) && description !== '';
    out.push(
      evidence({
        kind: 'declarative-form',
        confidence: complete ? 'high' : 'low',
        registers: complete,
        location: at(form.offset),
        snippet: form.offset === null ? `<form toolname="${name}" tooldescription="${description}">` : snippetAround(html, form.offset, 0),
        toolName: name || undefined,
        description: description || undefined,
        surface: 'declarative',
      }),
    );
  }

  for (const value of facts.metaHttpEquiv.get('origin-trial') ?? []) {
    out.push(...originTrialEvidence(value, '<meta http-equiv="origin-trial">', { type: 'html', url: pageUrl }));
  }

  for (const frame of facts.iframes) {
    if (!frame.allow || !allowsTools(frame.allow)) continue;
    out.push(
      evidence({
        kind: 'iframe-allow-tools',
        confidence: 'low',
        registers: false,
        location: { type: 'html', url: pageUrl },
        snippet: `<iframe src="${frame.src ?? ''}" allow="${frame.allow}">`,
      }),
    );
  }

  for (const link of facts.links) {
    if (!link.rel.includes('webmcp')) continue;
    out.push(
      evidence({
        kind: 'polyfill-runtime',
        confidence: 'low',
        registers: false,
        location: { type: 'html', url: pageUrl },
        snippet: `<link rel="webmcp" href="${link.href ?? ''}">`,
        library: 'cf-webmcp',
      }),
    );
  }
  return out;
}

/** `allow="tools"` or `allow="camera; tools 'src'"`, but not `tools 'none'`. */
export function allowsTools(allow: string): boolean {
  return allow.split(';').some((directive) => {
    const [feature, ...allowlist] = directive.trim().split(/\s+/);
    return feature?.toLowerCase() === 'tools' && !allowlist.includes("'none'");
  });
}
