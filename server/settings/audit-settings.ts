/**
 * What running one audit needs from the environment, read the same way by the server (and its audit
 * worker threads, which get it from the server) and by `citable audit`.
 */
import { DEFAULT_LIMITS } from '../../shared/gather/limits.js';
import { readFlag, readInt, type Env } from './parse.js';

export interface AuditSettings {
  /** Let audits fetch private and loopback addresses (tests and local development only). */
  allowPrivate: boolean;
  /** Overall time budget of one audit. */
  deadlineMs: number;
}

/** The engine's own deadline is the default: one number, in shared/gather/limits.ts. */
export const AUDIT_DEADLINE_DEFAULT_MS = DEFAULT_LIMITS.deadlineMs;
export const AUDIT_DEADLINE_RANGE_MS = { min: 100, max: 600_000 } as const;

export function readAuditSettings(env: Env): AuditSettings {
  return {
    allowPrivate: readFlag(env, 'AUDIT_ALLOW_PRIVATE'),
    deadlineMs: readInt(env, 'AUDIT_DEADLINE_MS', AUDIT_DEADLINE_DEFAULT_MS, AUDIT_DEADLINE_RANGE_MS.min, AUDIT_DEADLINE_RANGE_MS.max),
  };
}
