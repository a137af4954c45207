import type { FetchedResource } from '../types/fetcher.js';
import type { SkillDigestCheck, SkillDigestTarget } from '../types/snapshot.js';
import { parseUrl } from '../url/parse.js';
import { isObject, type Json } from './formats/checks.js';

/** Skills whose SKILL.md one audit fetches to compare digests: the signal is informational and each skill is a request. */
export const MAX_SKILL_DIGESTS = 5;
/** A SKILL.md is a short Markdown file; past this Citable does not read it whole and cannot hash it. */
export const SKILL_FILE_BYTES = 256 * 1024;

const DIGEST = /^sha256:([0-9a-f]{64})$/;

/**
 * The `skill-md` skills of an Agent Skills index (RFC 0.2.0) with a well-formed digest and a URL, at most
 * MAX_SKILL_DIGESTS. Archives are left out: their digest covers the archive's bytes, which Citable does not download.
 */
export function skillDigestTargets(index: FetchedResource | null | undefined): SkillDigestTarget[] {
  if (!index || index.error || index.status !== 200 || index.binary || index.truncated) return [];
  let doc: Json;
  try {
    doc = JSON.parse(index.body) as Json;
  } catch {
    return [];
  }
  if (!isObject(doc) || !Array.isArray(doc.skills)) return [];
  const out: SkillDigestTarget[] = [];
  doc.skills.forEach((skill, i) => {
    if (out.length >= MAX_SKILL_DIGESTS || !isObject(skill) || skill.type !== 'skill-md') return;
    const digest = typeof skill.digest === 'string' ? DIGEST.exec(skill.digest) : null;
    const url = typeof skill.url === 'string' ? parseUrl(skill.url, index.finalUrl || index.url) : null;
    if (!digest || !url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return;
    out.push({ index: i, name: typeof skill.name === 'string' ? skill.name.slice(0, 64) : '', url: url.href, expected: digest[1]! });
  });
  return out;
}

/**
 * Compares the served file's SHA-256 with the index's digest. The fetcher keeps decoded text, so only UTF-8 text can be
 * hashed honestly: re-encoding it gives the bytes back, except a byte-order mark the decoder dropped, tried both ways.
 */
export async function compareSkillDigest(target: SkillDigestTarget, file: FetchedResource): Promise<SkillDigestCheck> {
  if (file.error || file.status !== 200) {
    return { ...target, outcome: 'unreadable', reason: file.status ? `HTTP ${file.status}` : 'no answer' };
  }
  if (file.binary) return { ...target, outcome: 'not_compared', reason: 'binary' };
  if (file.truncated) return { ...target, outcome: 'not_compared', reason: `over ${SKILL_FILE_BYTES / 1024} KB` };
  if ((file.encoding ?? 'utf-8') !== 'utf-8' || file.body.includes('\uFFFD'))
    return { ...target, outcome: 'not_compared', reason: 'not UTF-8' };
  const plain = await sha256Hex(file.body);
  if (plain === target.expected || (await sha256Hex(`\uFEFF${file.body}`)) === target.expected) {
    return { ...target, outcome: 'match', actual: target.expected };
  }
  return { ...target, outcome: 'mismatch', actual: plain };
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One note on the skills index per compared skill. */
export function skillDigestNote(check: SkillDigestCheck): string {
  const who = `skills[${check.index}]${check.name ? ` "${check.name}"` : ''}`;
  const where = check.url.slice(0, 200);
  switch (check.outcome) {
    case 'match':
      return `${who}: the digest matches the SKILL.md served at ${where}`;
    case 'mismatch':
      return `${who}: the digest does not match the SKILL.md served at ${where} (it hashes to sha256:${check.actual!.slice(0, 12)}…); agents that check digests will refuse this skill`;
    case 'unreadable':
      return `${who}: the SKILL.md at ${where} could not be read (${check.reason}), so its digest was not compared`;
    default:
      return `${who}: the file at ${where} was not compared with its digest (${check.reason})`;
  }
}
