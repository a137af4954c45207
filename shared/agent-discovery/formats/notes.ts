import type { AgentFileKind } from '../../types/audit.js';
import { isObject, MAX_ENTRIES_READ, MAX_PROBLEMS, type Json, type JsonObject } from './checks.js';

/** Notes on a parsed file: informational remarks that never change its status (legacy shapes, stricter specifications). */
export type FormatNotes = (doc: Json) => string[];

/** Agentic Resource Discovery v0.9 `spec/schemas/ai-catalog.schema.json`: the identifier pattern of a catalog entry. */
const URN_AIR = /^urn:air:[a-zA-Z0-9.-]+(:[a-zA-Z0-9._-]+)+$/;
const ARD = 'Agentic Resource Discovery 0.9';

/**
 * What ARD asks beyond the AI catalog checks that set the status: `specVersion` "1.0", a host `displayName`, and on
 * each entry `displayName`, the media type in `type` (not `mediaType`) and a `urn:air:<publisher>:...:<name>` identifier.
 */
export const ardCatalogNotes: FormatNotes = (doc) => {
  if (!isObject(doc)) return [];
  const notes: string[] = [];
  if (typeof doc.specVersion === 'string' && doc.specVersion !== '1.0')
    notes.push(`\`specVersion\` is "${doc.specVersion.slice(0, 20)}"; ${ARD} allows only "1.0"`);
  if (isObject(doc.host) && typeof doc.host.displayName !== 'string') notes.push(`\`host.displayName\` is missing; ${ARD} requires it`);
  const entries = Array.isArray(doc.entries) ? doc.entries.slice(0, MAX_ENTRIES_READ).filter(isObject) : [];
  const without = (test: (e: JsonObject) => boolean) => entries.flatMap((e, i) => (test(e) ? [i] : []));
  const listed = (indexes: number[], what: string) => {
    if (indexes.length)
      notes.push(
        `${indexes.length === 1 ? 'entry' : 'entries'} ${indexes.slice(0, 5).join(', ')}${indexes.length > 5 ? '…' : ''}: ${what}`,
      );
  };
  listed(
    without((e) => typeof e.displayName !== 'string'),
    `no \`displayName\`; ${ARD} requires one`,
  );
  listed(
    without((e) => e.type === undefined && e.mediaType !== undefined),
    `the media type is in \`mediaType\`; ${ARD} names it \`type\``,
  );
  listed(
    without((e) => typeof e.identifier === 'string' && !URN_AIR.test(e.identifier)),
    `the identifier is not a \`urn:air:<publisher>:<namespace>:<name>\` URN, which ${ARD} requires`,
  );
  return notes.slice(0, MAX_PROBLEMS);
};

/** Members of A2A 0.x cards that A2A 1.0 (a2aproject/A2A v1.0.0, March 2026) folded into `supportedInterfaces[]`. */
const A2A_0X_MEMBERS = ['url', 'preferredTransport', 'additionalInterfaces', 'protocolVersion'];

/** An A2A 0.x card is accepted but labelled legacy, with what 1.0 changed; 0.x members left beside 1.0's are named. */
export const a2aCardNotes: FormatNotes = (doc) => {
  if (!isObject(doc)) return [];
  const legacy = A2A_0X_MEMBERS.filter((key) => doc[key] !== undefined);
  if (!legacy.length) return [];
  const members = legacy.map((k) => `\`${k}\``).join(', ');
  if (doc.supportedInterfaces === undefined)
    return [
      `an A2A 0.x card (legacy): A2A 1.0 replaced ${members} with \`supportedInterfaces[]\`, each entry with \`url\`, \`protocolBinding\` and \`protocolVersion\``,
    ];
  return [
    `${members} ${legacy.length === 1 ? 'is an A2A 0.x member' : 'are A2A 0.x members'} that A2A 1.0 clients ignore beside \`supportedInterfaces\``,
  ];
};

export const FORMAT_NOTES: Partial<Record<AgentFileKind, FormatNotes>> = {
  ai_catalog: ardCatalogNotes,
  a2a_agent_card: a2aCardNotes,
};
