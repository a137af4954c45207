import type { JudgeContext } from '../judge/context.js';
import type { AgentDiscoveryFile, AgentDiscoverySignal, AgentFileVia } from '../types/audit.js';
import type { FetchedResource } from '../types/fetcher.js';
import { AGENT_FILE_MEMBERS, AGENT_FILES } from './kinds.js';
import { agentFileLinkTargets } from './page-links.js';
import { agentmapUrls } from './agentmap.js';
import { catalogEntryNote } from './catalog-entries.js';
import { readAgentFile } from './read-file.js';
import { skillDigestNote } from './skill-digests.js';

/**
 * signals.agent_discovery (docs/api-decisions.md#agent-discovery-signals): one entry per kind at its well-known URL, plus one per file a
 * page link or a robots.txt `Agentmap:` line points to elsewhere. Informational like signals.webmcp: no rule reads it and it never moves a score.
 */
export function agentDiscoverySignal(ctx: JudgeContext): AgentDiscoverySignal {
  return ctx.memo('agent-discovery.signal', () => {
    const snapshot = ctx.snapshot;
    const files: AgentDiscoveryFile[] = [];
    const entryFor = (kind: AgentDiscoveryFile['kind'], resource: FetchedResource, via: AgentFileVia): void => {
      const existing = files.find((f) => f.kind === kind && f.url === resource.url);
      if (existing) {
        if (!existing.via.includes(via)) existing.via.push(via);
        return;
      }
      files.push({ kind, url: resource.url, ...readAgentFile(kind, resource), via: [via] });
    };
    for (const member of AGENT_FILE_MEMBERS) {
      const resource = snapshot[member];
      if (resource) entryFor(AGENT_FILES[member].kind, resource, 'well_known');
    }
    // Links and Agentmap lines to a well-known URL were not fetched twice: they mark the entry above.
    const htmlLinks = ctx.pageOk ? ctx.facts.links : [];
    const pointers = [
      ...agentFileLinkTargets(ctx.pageUrl.href, snapshot.page.headers.link, htmlLinks),
      ...agentmapUrls(snapshot.robotsTxt).map((url) => ({ kind: 'ai_catalog' as const, url, via: 'robots_txt' as const })),
    ];
    for (const target of pointers) {
      const entry = files.find((f) => f.kind === target.kind && f.url === target.url);
      if (entry && !entry.via.includes(target.via)) entry.via.push(target.via);
    }
    for (const link of snapshot.agentFileLinks ?? []) entryFor(link.kind, { ...link.resource, url: link.url }, link.via);
    // The cards a catalog lists are notes on that catalog: informational, and a broken card never makes the catalog invalid.
    for (const entry of snapshot.agentCatalogEntries ?? []) {
      const catalog = files.find((f) => f.kind === 'ai_catalog' && f.url === entry.catalog);
      if (catalog) (catalog.notes ??= []).push(catalogEntryNote(entry));
    }
    const skillsIndex = files.find((f) => f.kind === 'agent_skills');
    for (const check of snapshot.agentSkillDigests ?? []) if (skillsIndex) (skillsIndex.notes ??= []).push(skillDigestNote(check));
    return { files };
  });
}
