/** How issue texts name what an agent was served: the agent, the outcome, the status. */
import type { ServedOutcome } from '../types/audit.js';
import type { ServedProbe } from './served.js';

const OUTCOME_WORDS: Record<ServedOutcome, string> = {
  ok: 'served',
  blocked: 'blocked',
  payment_required: 'asked to pay',
  challenge: 'challenged',
  rate_limited: 'rate limited',
  redirected_away: 'redirected away',
  different_content: 'served different content',
  error: 'failed',
};

/** "OAI-SearchBot: blocked (HTTP 403)", "Claude-User: rate_limited (HTTP 429, Retry-After: 120)". */
export function servedPhrase(p: ServedProbe): string {
  return `${p.agent}: ${p.served.outcome} (${answerOf(p)})`;
}

/** The outcome in words, for sentences ("was rate limited"). */
export function outcomeWords(outcome: ServedOutcome): string {
  return OUTCOME_WORDS[outcome];
}

function answerOf(p: ServedProbe): string {
  const r = p.resource;
  if (p.served.http_status === null) return `no response: ${r.error?.code ?? 'network'}`;
  const status = `HTTP ${p.served.http_status}`;
  if (p.served.outcome === 'rate_limited') return `${status}, Retry-After: ${(r.headers['retry-after'] ?? '').trim().slice(0, 40)}`;
  if (p.served.outcome === 'redirected_away') {
    const to = r.status >= 300 && r.status < 400 && r.headers.location ? r.headers.location : r.finalUrl;
    return `${status}, sent to ${to.length > 80 ? `${to.slice(0, 77)}...` : to}`;
  }
  return status;
}
