/**
 * AI crawler traffic read from a site's access logs (docs/logs.md): the `traffic` object `citable logs --json`
 * prints, and the one the API answers from stored daily counts. One schema, shared by both.
 */
import { z } from 'zod';
import { STATUS_CLASSES, TRAFFIC_PURPOSES, type StatusClass, type TrafficPurpose } from '../logs/types.js';

const count = z.number().int().min(0);
const isoTimestamp = z.iso.datetime({ offset: true });
const day = z.iso.date();

export const trafficPurposeSchema = z.enum(TRAFFIC_PURPOSES);

const statusesSchema = z.strictObject(Object.fromEntries(STATUS_CLASSES.map((c) => [c, count])) as Record<StatusClass, typeof count>);

export const trafficAgentSchema = z.strictObject({
  agent: z.string().meta({ description: 'The agent as its operator names it (its robots.txt product token).' }),
  operator: z.string(),
  purpose: trafficPurposeSchema,
  hits: count,
  verified: count.meta({ description: "Hits from inside the address ranges the agent's operator publishes." }),
  spoofed: count.meta({ description: 'Hits naming the agent from outside the ranges its operator publishes.' }),
  unverified: count.meta({ description: 'Hits of an agent whose operator publishes no ranges (or none the snapshot has).' }),
  pages: count.meta({ description: 'Distinct paths it fetched (query strings ignored).' }),
  statuses: statusesSchema,
  last_seen: isoTimestamp,
});

export const trafficSchema = z.strictObject({
  site: z.string().nullable().meta({ description: 'The host the lines were filtered to (--site), or null.' }),
  since: isoTimestamp.nullable().meta({ description: 'Start of the window: the one asked for, else the first line counted.' }),
  until: isoTimestamp.nullable().meta({ description: 'End of the window: the one asked for, else the last line counted.' }),
  lines: count.meta({ description: 'Lines read (blank lines aside): parsed + skipped.' }),
  parsed: count.meta({ description: 'Lines read and counted (inside the window and the site).' }),
  skipped: count.meta({ description: 'Lines not counted: unreadable (see problems) or outside the window or the site.' }),
  agents: z.array(trafficAgentSchema).meta({ description: 'Every agent seen, most hits first.' }),
  purposes: z.array(z.strictObject({ purpose: trafficPurposeSchema, hits: count })),
  referrals: z.array(
    z.strictObject({
      engine: z.string(),
      visits: count,
      landing_pages: z.array(z.strictObject({ path: z.string(), visits: count })).max(10),
    }),
  ),
  top_pages: z
    .array(z.strictObject({ path: z.string(), hits: count, agents: count.meta({ description: 'Distinct agents that fetched it.' }) }))
    .max(20),
  series: z.array(
    z.strictObject({
      date: day,
      hits_by_purpose: z.strictObject(Object.fromEntries(TRAFFIC_PURPOSES.map((p) => [p, count])) as Record<TrafficPurpose, typeof count>),
      referrals: count,
    }),
  ),
  problems: z
    .array(z.strictObject({ line: z.number().int().min(1), reason: z.string() }))
    .max(20)
    .meta({ description: 'The first lines that could not be read: their number in their file, and why.' }),
});

export type Traffic = z.infer<typeof trafficSchema>;
export type TrafficAgent = z.infer<typeof trafficAgentSchema>;
