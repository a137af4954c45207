import { describe, expect, test } from 'vitest';
import { readLlmsTxtResource } from '../../../shared/llms-txt/read.js';
import { llmsTxtSummary } from '../../../shared/llms-txt/summary.js';
import { readLlmsFullTxt } from '../../../shared/llms-txt/llms-full.js';
import { JudgeContext } from '../../../shared/judge/context.js';
import { auditSnapshot } from '../../../shared/audit/audit-snapshot.js';
import { missing, resource, snapshot, textFile } from '../../helpers/snapshot.js';

const URL_ = 'https://example.com/llms.txt';
const GOOD = '# Site\n\n> What the site is.\n\n## Docs\n\n- [Guide](https://example.com/guide.md): start here\n';
const summaryOf = (llmsTxt: ReturnType<typeof resource> | null) => llmsTxtSummary(new JudgeContext(snapshot('<p>x</p>', { llmsTxt })));

describe('llms_txt summary (the audit member)', () => {
  test('a valid file: present, valid, no problems', () => {
    expect(summaryOf(textFile(URL_, GOOD, 'text/markdown'))).toEqual({ status: 'present', valid: true, problems: [] });
  });

  test('404 is missing', () => {
    expect(summaryOf(missing(URL_))).toEqual({ status: 'missing', valid: false, problems: [] });
    expect(summaryOf(resource(URL_, 'Gone', { status: 410 })).status).toBe('missing');
  });

  test('5xx and network errors are error', () => {
    expect(summaryOf(resource(URL_, 'oops', { status: 503 }))).toEqual({
      status: 'error',
      valid: false,
      problems: ['/llms.txt answered HTTP 503'],
    });
    const refused = resource(URL_, '', { status: 0, error: { code: 'refused', message: 'connection refused' } });
    expect(summaryOf(refused)).toEqual({
      status: 'error',
      valid: false,
      problems: ['/llms.txt could not be fetched (connection refused)'],
    });
    expect(summaryOf(null).status).toBe('error');
  });

  test('an HTML page served with 200 (SPA fallback) is present but invalid', () => {
    const spa = resource(URL_, '<!doctype html><html><body><div id="root"></div></body></html>');
    const s = summaryOf(spa);
    expect(s.status).toBe('present');
    expect(s.valid).toBe(false);
    expect(s.problems[0]).toMatch(/HTML page/);
  });

  test('HTML is recognised by its body even when labelled text/plain', () => {
    const s = summaryOf(textFile(URL_, '\n  <!DOCTYPE html>\n<html><head></head></html>'));
    expect(s.valid).toBe(false);
    expect(s.problems[0]).toMatch(/HTML page/);
    expect(summaryOf(textFile(URL_, '<html lang="en"><body>x</body></html>')).valid).toBe(false);
  });

  test('grammar problems become readable strings with line numbers', () => {
    const s = summaryOf(textFile(URL_, 'Intro\n# Site\n\n## Docs\n- [A](a.md)\n'));
    expect(s.valid).toBe(false);
    expect(s.problems).toContain('Line 5: "a.md" is a relative URL (use an absolute URL or a path starting with /)');
    expect(s.problems[0]).toMatch(/^Line 1: the H1 title \(line 2\) must come first/);
  });

  test('an empty or binary body is present but invalid', () => {
    expect(summaryOf(textFile(URL_, '  \n')).problems).toEqual(['/llms.txt is empty (start it with "# Site name")']);
    const binary = resource(URL_, '', { binary: true, headers: { 'content-type': 'application/octet-stream' } });
    expect(summaryOf(binary)).toMatchObject({ status: 'present', valid: false });
  });
});

describe('readLlmsTxtResource: delivery checks', () => {
  test('text/plain and text/markdown are accepted content types', () => {
    expect(readLlmsTxtResource(textFile(URL_, GOOD, 'text/plain; charset=utf-8')).problems).toEqual([]);
    expect(readLlmsTxtResource(textFile(URL_, GOOD, 'text/markdown')).problems).toEqual([]);
  });

  test('another content type is a warning that keeps the file valid', () => {
    const r = readLlmsTxtResource(textFile(URL_, GOOD, 'application/octet-stream'));
    expect(r.valid).toBe(true);
    expect(r.problems).toEqual([
      { severity: 'warning', line: null, message: 'served as application/octet-stream instead of text/plain or text/markdown' },
    ]);
    const untyped = readLlmsTxtResource(resource(URL_, GOOD, { headers: {} }));
    expect(untyped.problems[0]!.message).toMatch(/without a Content-Type/);
  });

  test('a truncated file is checked with a warning', () => {
    const r = readLlmsTxtResource(textFile(URL_, GOOD));
    expect(r.problems).toEqual([]);
    const cut = readLlmsTxtResource({ ...textFile(URL_, GOOD), truncated: true });
    expect(cut.valid).toBe(true);
    expect(cut.problems[0]!.message).toMatch(/larger than Citable reads/);
  });
});

describe('auditSnapshot fills llms_txt', () => {
  test('the audit member matches the reader', () => {
    const audit = auditSnapshot(snapshot('<p>x</p>', { llmsTxt: textFile(URL_, '## Docs\n- [A](/a)\n') }), { id: 'a', rules: [] });
    expect(audit.llms_txt.status).toBe('present');
    expect(audit.llms_txt.valid).toBe(false);
    expect(audit.llms_txt.problems[0]).toMatch(/H1/);
  });
});

describe('llms-full.txt', () => {
  const full = (llmsFullTxt: ReturnType<typeof resource>) => readLlmsFullTxt(new JudgeContext(snapshot('<p>x</p>', { llmsFullTxt })));
  test('Markdown text is usable; HTML, empty and 404 are not', () => {
    expect(full(textFile('https://example.com/llms-full.txt', '# All docs\n\nText.', 'text/markdown')).usable).toBe(true);
    expect(full(resource('https://example.com/llms-full.txt', '<!doctype html><p>app</p>')).file.kind).toBe('html');
    expect(full(textFile('https://example.com/llms-full.txt', '')).usable).toBe(false);
    expect(full(missing('https://example.com/llms-full.txt')).file.kind).toBe('missing');
  });
});
