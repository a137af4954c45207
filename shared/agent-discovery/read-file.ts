import type { AgentFileKind, AgentFileStatus } from '../types/audit.js';
import type { FetchedResource } from '../types/fetcher.js';
import { classifySiteFile } from '../llms-txt/site-file.js';
import { parseUrl } from '../url/parse.js';
import { AGENT_FILE_BYTES, specOfKind } from './kinds.js';
import { FORMAT_READERS } from './formats/index.js';
import { MAX_PROBLEMS, type Json } from './formats/checks.js';
import { FORMAT_NOTES } from './formats/notes.js';

export interface AgentFileVerdict {
  status: AgentFileStatus;
  problems: string[];
  /** Remarks that leave the status alone (formats/notes.ts); absent when none. */
  notes?: string[];
}

/**
 * What one fetched agent discovery file is (docs/api-decisions.md#agent-discovery-signals): `found` when it parses and holds its format's
 * required members, `invalid` with what is wrong, `not_found` (404, 410, or an HTML page answering for any
 * path), `error` when it could not be read (no answer, another error status).
 */
export function readAgentFile(kind: AgentFileKind, resource: FetchedResource): AgentFileVerdict {
  const file = classifySiteFile(resource);
  switch (file.kind) {
    case 'not_fetched':
      return { status: 'error', problems: ['not fetched'] };
    case 'unreachable':
      return {
        status: 'error',
        problems: [resource.error?.code === 'cross_origin' ? 'the browser would not let the extension read it' : file.message],
      };
    case 'missing':
      return { status: 'not_found', problems: [] };
    case 'http_error':
      return { status: 'error', problems: [`HTTP ${file.status}`] };
    case 'html':
      return {
        status: 'not_found',
        problems: [`HTTP ${file.status} with an HTML page (a catch-all route), not ${specOfKind(kind).label}`],
      };
    case 'binary':
      return { status: 'invalid', problems: [`a binary body (${file.contentType || 'no content type'}), not JSON`] };
    case 'empty':
      return { status: 'invalid', problems: ['an empty body'] };
    case 'text':
      return readText(kind, file.text, file.truncated, resource.finalUrl || resource.url);
  }
}

function readText(kind: AgentFileKind, text: string, truncated: boolean, url: string): AgentFileVerdict {
  if (truncated) return { status: 'invalid', problems: [`larger than the ${AGENT_FILE_BYTES / 1024} KB Citable reads of such a file`] };
  let doc: Json;
  try {
    doc = JSON.parse(text) as Json;
  } catch (error) {
    return { status: 'invalid', problems: [`not JSON (${error instanceof Error ? error.message.slice(0, 120) : 'parse error'})`] };
  }
  const problems = FORMAT_READERS[kind](doc, { url, identifier: identifierOf(url, specOfKind(kind).path) });
  const notes = FORMAT_NOTES[kind]?.(doc) ?? [];
  const withNotes = notes.length ? { notes } : {};
  if (!problems.length) return { status: 'found', problems, ...withNotes };
  const shown = problems.slice(0, MAX_PROBLEMS);
  if (problems.length > MAX_PROBLEMS) shown.push(`and ${problems.length - MAX_PROBLEMS} more problems`);
  return { status: 'invalid', problems: shown, ...withNotes };
}

/** The identifier a well-known URL was made from (RFC 8414 3.1): origin, plus any path after the well-known part. */
export function identifierOf(url: string, wellKnownPath: string): string | null {
  const parsed = parseUrl(url);
  if (!parsed) return null;
  if (parsed.pathname === wellKnownPath) return parsed.origin;
  if (parsed.pathname.startsWith(`${wellKnownPath}/`)) return parsed.origin + parsed.pathname.slice(wellKnownPath.length);
  return null;
}
