/**
 * `audit.inputs` and the source line: what an audit was judged from where a browser and a server see different
 * things, recorded from the snapshot and said in one sentence (docs/audits.md#why-the-extension-and-the-server-can-differ).
 */
import { describe, expect, it } from 'vitest';
import { auditSnapshot } from '../../../shared/audit/audit-snapshot.js';
import { auditInputs, auditSourceLine } from '../../../shared/audit/audit-inputs.js';
import { auditSchema } from '../../../shared/schema/audit.js';
import { createTranslator } from '../../../shared/i18n/translator.js';
import type { Snapshot } from '../../../shared/types/snapshot.js';
import { page, resource, words } from '../../helpers/snapshot.js';

const HTML = `<main><h1>Kettles</h1><p>${words(300)}</p></main>`;
const URL_ = 'https://example.com/';

/** As the extension gathers a page: the tab's DOM and runtime probe, no agent probes, robots.txt on another site refused. */
function fromBrowser(over: Partial<Snapshot> = {}): Snapshot {
  return page(HTML, {
    origin: 'extension',
    page: resource('https://example.com/old', HTML, { finalUrl: URL_ }),
    pageAsSearchAgent: null,
    pageAsUserAgent: null,
    robotsTxt: resource(`${URL_}robots.txt`, '', { status: 0, error: { code: 'cross_origin', message: 'refused' } }),
    rendered: { html: HTML, url: URL_, capturedAt: '2026-11-21T00:00:01.000Z', engine: 'Chromium 156.0.0.0', ms: 420 },
    runtimeWebmcp: { apiAvailable: false, tools: [], checkedAt: '2026-11-21T00:00:01.000Z' },
    ...over,
  });
}

describe('audit.inputs', () => {
  it('records what the server fetched: its agent probes, every redirect hop, no rendered page', () => {
    const audit = auditSnapshot(page(HTML), { id: crypto.randomUUID() });
    expect(audit.inputs).toEqual({
      rendered: false,
      runtime_webmcp: false,
      agent_probes: 2,
      redirect_hops_hidden: false,
      unread_files: [],
    });
    expect(auditSchema.safeParse(audit).success).toBe(true);
  });

  it('records what the browser saw and what it could not', () => {
    expect(auditInputs(fromBrowser())).toEqual({
      rendered: true,
      runtime_webmcp: true,
      agent_probes: 0,
      redirect_hops_hidden: true,
      unread_files: ['https://example.com/robots.txt'],
    });
  });

  it('does not call a page without a redirect hidden, nor one whose hops were listed', () => {
    expect(auditInputs(fromBrowser({ page: resource(URL_, HTML) })).redirect_hops_hidden).toBe(false);
    const listed = resource('https://example.com/old', HTML, {
      finalUrl: URL_,
      redirects: [{ url: 'https://example.com/old', status: 301 }],
    });
    expect(auditInputs(page(HTML, { page: listed })).redirect_hops_hidden).toBe(false);
  });
});

describe('the source line', () => {
  it('says what a browser audit includes and leaves out', () => {
    const audit = auditSnapshot(fromBrowser(), { id: crypto.randomUUID() });
    expect(auditSourceLine(audit)).toBe(
      'Scored in the browser: includes the page after JavaScript and WebMCP tools registered at run time. ' +
        'Not seen from the browser: the AI agent probes (no access to this site), the redirect hops and 1 site file the browser would not read.',
    );
  });

  it('says it in the report language', () => {
    const audit = auditSnapshot(fromBrowser(), { id: crypto.randomUUID() });
    expect(auditSourceLine(audit, createTranslator('de'))).toBe(
      'Im Browser bewertet: einschließlich der Seite nach JavaScript und zur Laufzeit registrierter WebMCP-Tools. ' +
        'Aus dem Browser nicht sichtbar: die Abrufe als KI-Agenten (kein Zugriff auf diese Website), die einzelnen Weiterleitungen und 1 Website-Datei, die der Browser nicht lesen ließ.',
    );
    expect(auditSourceLine({ origin: 'server', inputs: audit.inputs! }, createTranslator('fr'))).toBe(
      'Noté sur le serveur, avec la page rendue dans un navigateur sans interface.',
    );
  });

  it('says a browser audit with every input plainly', () => {
    const full = auditSnapshot(fromBrowser({ page: resource(URL_, HTML), robotsTxt: resource(`${URL_}robots.txt`, '') }), {
      id: crypto.randomUUID(),
    });
    expect(auditSourceLine({ ...full, inputs: { ...full.inputs!, agent_probes: 4 } })).toBe(
      'Scored in the browser: includes the page after JavaScript and WebMCP tools registered at run time.',
    );
  });

  it('says whether a server audit rendered the page', () => {
    const plain = auditSnapshot(page(HTML), { id: crypto.randomUUID() });
    expect(auditSourceLine(plain)).toMatch(
      /^Scored on the server, from the HTML without running JavaScript: the checks that need the rendered page/,
    );
    const rendered = auditSnapshot(page(HTML, { rendered: { html: HTML, url: URL_, capturedAt: '2026-11-21T00:00:01.000Z' } }), {
      id: crypto.randomUUID(),
    });
    expect(auditSourceLine(rendered)).toBe('Scored on the server, with the page rendered in a headless browser.');
    expect(auditSourceLine({ ...rendered, origin: 'crawl' })).toBe(
      'Scored on the server (site audit), with the page rendered in a headless browser.',
    );
  });

  it('is absent for an audit made before its inputs were recorded', () => {
    const { inputs: _, ...older } = auditSnapshot(page(HTML), { id: crypto.randomUUID() });
    expect(auditSourceLine(older)).toBeNull();
  });
});
