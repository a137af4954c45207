/**
 * `crawler.spoofed`: after each committed chunk of an upload, every agent with spoofed hits (its user agent, from
 * addresses outside its operator's published ranges) raises the event for the project, once per agent and project
 * (the outbox's dedupe key), when a webhook of the account wants it.
 */
import type { EventPublisher } from '../events/publisher.js';
import type { StoredIngest } from '../store/contracts/traffic.js';
import type { ProjectStore } from '../store/contracts/projects.js';
import type { ChunkParts } from './chunk-parts.js';

export function spoofEvents(publisher: EventPublisher, projects: () => Promise<ProjectStore>) {
  return async (ingest: StoredIngest, parts: ChunkParts): Promise<void> => {
    const spoofers = new Map<string, { operator: string; purpose: string; spoofed: number; first: string }>();
    for (const { date, rollup } of parts.days)
      for (const [agent, c] of rollup.counts.agents) {
        if (c.spoofed === 0) continue;
        const had = spoofers.get(agent);
        if (had) had.spoofed += c.spoofed;
        else spoofers.set(agent, { operator: c.operator, purpose: c.purpose, spoofed: c.spoofed, first: date });
      }
    if (spoofers.size === 0 || !(await publisher.wants(ingest.account_id, ['crawler.spoofed']))) return;
    const project = await (await projects()).get(ingest.account_id, ingest.project_id);
    if (!project) return;
    for (const [agent, s] of spoofers)
      await publisher.publish(
        ingest.account_id,
        'crawler.spoofed',
        {
          project_id: project.id,
          domain: project.domain,
          agent,
          operator: s.operator,
          purpose: s.purpose as 'training',
          spoofed: s.spoofed,
          first_seen: s.first,
          ingest_id: ingest.id,
        },
        { dedupeKey: `crawler.spoofed:${project.id}:${agent.toLowerCase()}` },
      );
  };
}
