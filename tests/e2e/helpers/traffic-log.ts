/** An access log for the dashboard's Traffic view tests, written here (no real visitor in it). */

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const SEARCHBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** `28/Nov/2026:10:00:00 +0000`, the combined format's time, `daysAgo` days before now. */
function logTime(daysAgo: number, second: number): string {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  d.setUTCHours(10, 0, second % 60);
  const month = d.toLocaleString('en', { month: 'short', timeZone: 'UTC' });
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}/${month}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

const line = (ip: string, daysAgo: number, i: number, path: string, status: number, referrer: string, agent: string) =>
  `${ip} - - [${logTime(daysAgo, i)}] "GET ${path} HTTP/1.1" ${status} 512 "${referrer}" "${agent}"`;

/**
 * A combined log written here: GPTBot from an address OpenAI publishes (verified), OAI-SearchBot from a
 * documentation address (spoofed), people from ChatGPT, and enough browser lines for the ingest to take a moment.
 */
export function accessLog(): { text: string; lines: number } {
  const out: string[] = [];
  for (let i = 0; i < 6; i++) out.push(line('20.171.206.10', i % 2, i, ['/', '/about', '/guides/brew'][i % 3]!, 200, '-', GPTBOT));
  for (let i = 0; i < 3; i++) out.push(line('203.0.113.9', 1, i, '/pricing', i === 2 ? 404 : 200, '-', SEARCHBOT));
  for (let i = 0; i < 2; i++) out.push(line('198.51.100.7', 0, i, '/guides/brew', 200, 'https://chatgpt.com/', BROWSER));
  for (let i = 0; i < 20_000; i++) out.push(line(`192.0.2.${i % 250}`, i % 3, i, `/page/${i % 500}`, 200, '-', BROWSER));
  return { text: `${out.join('\n')}\n`, lines: out.length };
}

/** Uploads a log body to a project through the API as a client would (POST /projects/{id}/logs), and waits for its ingest to end. */
export async function uploadLog(api: { url: string; key: string }, projectId: string, body: string): Promise<void> {
  const headers = { authorization: `Bearer ${api.key}` };
  const res = await fetch(`${api.url}/api/v1/projects/${projectId}/logs`, { method: 'POST', headers, body });
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  const { ingest } = (await res.json()) as { ingest: { id: string } };
  for (let i = 0; i < 600; i++) {
    const now = (await (await fetch(`${api.url}/api/v1/projects/${projectId}/logs/${ingest.id}`, { headers })).json()) as {
      ingest: { status: string };
    };
    if (now.ingest.status === 'done') return;
    if (now.ingest.status === 'failed') throw new Error('the ingest failed');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the ingest did not end within 60 s');
}
