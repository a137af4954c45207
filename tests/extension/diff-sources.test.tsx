/**
 * The diff between two audits of one URL says when part of the change may come from where each was scored (the
 * browser or the server) or from what each could see, not from the page; and the popup says where its audit was scored.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { DiffView } from '../../extension/components/DiffView.js';
import { PopupReport } from '../../extension/components/PopupReport.js';
import { diffAudits } from '../../shared/diff/audit-diff.js';
import type { Audit, AuditInputs } from '../../shared/types/audit.js';
import { sampleAudit } from './helpers/sample-audit.js';

let root: HTMLElement | null = null;
const mount = (node: preact.ComponentChild) => {
  const el = document.createElement('div');
  document.body.appendChild(el);
  render(node, el);
  root = el;
  return el;
};
afterEach(() => {
  if (root) render(null, root);
  root?.remove();
  root = null;
});

const INPUTS: AuditInputs = { rendered: true, runtime_webmcp: true, agent_probes: 8, redirect_hops_hidden: false, unread_files: [] };
const audit = (origin: Audit['origin'], inputs: AuditInputs | undefined, score: number): Audit => ({
  ...sampleAudit(),
  id: crypto.randomUUID(),
  origin,
  score,
  ...(inputs ? { inputs } : {}),
});
const note = (from: Audit, to: Audit) =>
  mount(<DiffView diff={diffAudits(from, to)} fromLabel="yesterday" />).querySelector('[data-testid="diff-sources"]');

describe('the diff, by where each audit was scored', () => {
  it('records the origins and the inputs that changed', () => {
    const sources = diffAudits(
      audit('server', { ...INPUTS, rendered: false, runtime_webmcp: false }, 24),
      audit('extension', INPUTS, 23),
    ).sources;
    expect(sources).toEqual({ from: 'server', to: 'extension', inputs_changed: ['rendered', 'runtime_webmcp'] });
  });

  it('says a browser audit against a server one may differ for that reason', () => {
    expect(note(audit('server', undefined, 24), audit('extension', INPUTS, 23))?.textContent).toMatch(
      /^One audit was scored in the browser and one on the server/,
    );
  });

  it('says two audits from one place that saw different inputs may differ for that reason', () => {
    const el = note(audit('extension', { ...INPUTS, agent_probes: 0 }, 90), audit('extension', INPUTS, 92));
    expect(el?.textContent).toMatch(/^The two audits saw different inputs/);
    expect(el?.getAttribute('data-inputs-changed')).toBe('agent_probes');
  });

  it('says nothing when both were scored alike', () => {
    expect(note(audit('server', INPUTS, 90), audit('crawl', INPUTS, 92))).toBeNull();
    expect(note(audit('extension', INPUTS, 90), audit('extension', INPUTS, 92))).toBeNull();
  });
});

describe('the popup', () => {
  it('says where its audit was scored', () => {
    const el = mount(<PopupReport audit={audit('extension', INPUTS, 90)} record={undefined} />);
    expect(el.querySelector('[data-testid="source-line"]')?.textContent).toBe(
      'Scored in the browser: includes the page after JavaScript and WebMCP tools registered at run time.',
    );
  });
});
