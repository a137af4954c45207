import { expect } from 'vitest';
import type { FixtureSite } from '../../helpers/fixture-server.js';
import { ARTICLE_PATH } from '../../fixtures/sites/good-article.js';
import { openaiAnswer } from '../../helpers/fake-providers/openai.js';
import { perplexityAnswer } from '../../helpers/fake-providers/perplexity.js';
import type { ProviderFakes } from '../../helpers/fake-providers/index.js';
import { until } from '../../helpers/until.js';
import type { TemplatedSite } from '../../crawls/helpers/templated-site.js';
import type { ApiServer } from './api-server.js';
import { call } from './backend.js';

export const AGENCY_PROMPT = 'best pour-over coffee guide';

/** What an agency's account holds after `seedAgency`: ids of each kind, and the share links' addresses. */
export interface AgencyData {
  audits: string[];
  crawl: string;
  monitor: string;
  webhook: string;
  project: string;
  prompt: string;
  auditShare: { id: string; url: string };
  crawlShare: { id: string; url: string };
}

/**
 * An agency's account made through the real API: two audits of a page, a finished crawl of a small site,
 * a monitor, a webhook with a delivered ping, a project with a competitor and citation runs from the
 * provider fakes, and a share link of an audit and of the crawl.
 */
export async function seedAgency(
  api: ApiServer,
  page: FixtureSite,
  site: TemplatedSite,
  fakes: ProviderFakes,
  receiverUrl: string,
): Promise<AgencyData> {
  const url = `${page.url}${ARTICLE_PATH}`;
  const audits: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await call<{ audit: { id: string } }>(api, 'POST', '/audits', { url });
    expect(res.status).toBe(201);
    audits.push(res.json.audit.id);
  }
  const crawl = await finishedCrawl(api, `${site.site.url}/`);
  const monitor = await created(api, '/monitors', { url, kind: 'audit', every: 'week' }, 'monitor');
  const webhook = await created(api, '/webhooks', { url: receiverUrl, events: ['*'] }, 'webhook');
  expect((await call(api, 'POST', `/webhooks/${webhook}/test`)).status).toBe(202);
  const { project, prompt } = await projectWithRuns(api, fakes);
  const auditShare = await share(api, `/audits/${audits[1]}/share`);
  const crawlShare = await share(api, `/crawls/${crawl}/share`);
  await until(
    'a delivered row in the delivery log',
    async () =>
      (await call<{ deliveries: Array<{ status: string }> }>(api, 'GET', `/webhooks/${webhook}/deliveries`)).json.deliveries.some(
        (d) => d.status === 'delivered',
      ),
    { everyMs: 200 },
  );
  return { audits, crawl, monitor, webhook, project, prompt, auditShare, crawlShare };
}

async function created(api: ApiServer, path: string, body: unknown, member: string): Promise<string> {
  const res = await call<Record<string, { id: string }>>(api, 'POST', path, body);
  expect(res.status).toBe(201);
  return res.json[member]!.id;
}

async function share(api: ApiServer, path: string): Promise<{ id: string; url: string }> {
  const res = await call<{ share: { id: string; url: string } }>(api, 'POST', path, {});
  expect(res.status).toBe(201);
  return res.json.share;
}

async function finishedCrawl(api: ApiServer, url: string): Promise<string> {
  const started = await call<{ crawl: { id: string } }>(api, 'POST', '/crawls', { url, max_pages: 50 });
  expect(started.status).toBe(202);
  const id = started.json.crawl.id;
  await until(
    `crawl ${id} to finish`,
    async () => (await call<{ crawl: { status: string } }>(api, 'GET', `/crawls/${id}`)).json.crawl.status === 'complete',
    { timeoutMs: 90_000, everyMs: 200 },
  );
  return id;
}

async function projectWithRuns(api: ApiServer, fakes: ProviderFakes): Promise<{ project: string; prompt: string }> {
  const project = await created(
    api,
    '/projects',
    {
      name: 'Brew Notes',
      domain: 'brewnotes.example',
      brand: { name: 'Brew Notes' },
      competitors: [{ name: 'Bean Daily', domains: ['beandaily.example'] }],
    },
    'project',
  );
  const prompt = await created(api, '/prompts', { text: AGENCY_PROMPT, project_id: project }, 'prompt');
  fakes.openai.on(
    AGENCY_PROMPT,
    openaiAnswer({
      text: 'Brew Notes and Bean Daily both explain it well.',
      cited: [{ url: 'https://brewnotes.example/guide' }, { url: 'https://www.wikipedia.example/wiki/Pour-over' }],
    }),
  );
  fakes.perplexity.on(AGENCY_PROMPT, perplexityAnswer(['https://beandaily.example/pour-over', 'https://brewnotes.example/guide']));
  expect((await call(api, 'POST', '/citations/checks')).status).toBe(202);
  await until(
    'two runs in the project summary',
    async () => (await call<{ summary: { runs: number } }>(api, 'GET', `/citations/summary?project_id=${project}`)).json.summary.runs >= 2,
    { everyMs: 200 },
  );
  return { project, prompt };
}
