import type { JudgeContext } from '../judge/context.js';
import type { FetchedResource } from '../types/fetcher.js';
import { firstMeta } from './page-facts.js';
import { normalizeRobotsPath } from '../robots/path.js';
import { robotsPatternMatches } from '../robots/pattern.js';
import { auditedRobotsPath } from '../crawlers/robots-context.js';

/** A TDM Reservation Protocol declaration (W3C CG report) that applies to the audited page. */
export interface TdmDeclaration {
  reserved: boolean;
  policy: string | null;
  /** Where it was found, for issue texts. */
  source: string;
}

/**
 * TDMRep's own order: the site-wide /.well-known/tdmrep.json first (its first rule whose
 * `location` matches the path wins), then the `tdm-reservation` header, then the HTML meta tag.
 * A value other than 0 or 1 is a protocol error and counts as unset.
 */
export function tdmDeclaration(ctx: JudgeContext): TdmDeclaration | null {
  return ctx.memo('facts.tdmrep', () => {
    const fromFile = tdmrepFileDeclaration(ctx.snapshot.tdmrep, auditedRobotsPath(ctx));
    if (fromFile) return fromFile;
    const headers = ctx.snapshot.page.headers;
    const fromHeader = declaration(headers['tdm-reservation'], headers['tdm-policy'], 'the tdm-reservation header');
    if (fromHeader) return fromHeader;
    const facts = ctx.facts;
    return declaration(
      firstMeta(facts.metaByName, 'tdm-reservation'),
      firstMeta(facts.metaByName, 'tdm-policy'),
      '<meta name="tdm-reservation">',
    );
  });
}

export function tdmrepFileDeclaration(res: FetchedResource | null, robotsPath: string): TdmDeclaration | null {
  if (!res || res.error || res.status !== 200 || res.binary) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  for (const entry of parsed) {
    if (typeof entry !== 'object' || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const location = record.location;
    if (typeof location !== 'string' || !location.trim()) continue;
    if (!robotsPatternMatches(normalizeRobotsPath(location.trim()), robotsPath)) continue;
    const reservation = record['tdm-reservation'];
    const policy = record['tdm-policy'];
    return declaration(
      typeof reservation === 'number' || typeof reservation === 'string' ? String(reservation) : undefined,
      typeof policy === 'string' ? policy : undefined,
      `/.well-known/tdmrep.json (location "${location.trim()}")`,
    );
  }
  return null;
}

function declaration(reservation: string | null | undefined, policy: string | null | undefined, source: string): TdmDeclaration | null {
  const value = reservation?.trim();
  if (value !== '0' && value !== '1') return null;
  return { reserved: value === '1', policy: policy?.trim() || null, source };
}
