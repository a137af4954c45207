/** POST /citations/checks narrowed to one project or one prompt, with its progress (`result_count` of `pair_count`). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citationCheckEnvelopeSchema } from '../../../../shared/schema/citation.js';
import { DEFAULT_CITATION_ENGINE_IDS } from '../../../../shared/schema/citation-engines.js';
import { startCitationsApi, type CitationsTestApi } from '../../../citations/helpers/citations-api.js';
import { startProviderFakes, type ProviderFakes } from '../../../helpers/fake-providers/index.js';

const ENGINES = DEFAULT_CITATION_ENGINE_IDS.length;

describe('a citation check of one project or one prompt', () => {
  let fakes: ProviderFakes;
  let api: CitationsTestApi;
  let projectId = '';
  const prompts: string[] = [];

  beforeAll(async () => {
    fakes = await startProviderFakes();
    api = await startCitationsApi(fakes);
    const project = await api.request('POST', '/api/v1/projects', { body: { name: 'Acme', domain: 'acme.com' } });
    expect(project.status).toBe(201);
    projectId = project.json.project.id;
    for (const body of [
      { text: 'best crm for agencies', project_id: projectId },
      { text: 'crm with invoicing', project_id: projectId },
      { text: 'how to send invoices', domain: 'beta.de' },
    ]) {
      const res = await api.request('POST', '/api/v1/prompts', { body });
      expect(res.status).toBe(201);
      prompts.push(res.json.prompt.id);
    }
  });
  afterAll(async () => {
    await api.close({ removeData: true });
    await fakes.close();
  });

  const check = async (body?: object) => {
    const res = await api.request('POST', '/api/v1/citations/checks', body ? { body } : {});
    expect(res.status).toBe(202);
    const started = citationCheckEnvelopeSchema.parse(res.json).check;
    await api.idle();
    const done = await api.request('GET', `/api/v1/citations/checks/${started.id}`);
    return { started, done: citationCheckEnvelopeSchema.parse(done.json).check };
  };

  it('checks only the project’s prompts, and says how many rows it will store', async () => {
    const { started, done } = await check({ project_id: projectId });
    expect(started).toMatchObject({ prompt_count: 2, pair_count: 2 * ENGINES });
    expect(done).toMatchObject({ status: 'completed', prompt_count: 2, pair_count: 2 * ENGINES, result_count: 2 * ENGINES });
    const rows = await api.request('GET', `/api/v1/citations?prompt_id=${prompts[2]}`);
    expect(rows.json.citations).toEqual([]);
  });

  it('checks one prompt', async () => {
    const { started, done } = await check({ prompt_id: prompts[2] });
    expect(started).toMatchObject({ prompt_count: 1, pair_count: ENGINES });
    expect(done).toMatchObject({ status: 'completed', result_count: ENGINES });
    const rows = await api.request('GET', `/api/v1/citations?prompt_id=${prompts[2]}`);
    expect(rows.json.citations).toHaveLength(ENGINES);
  });

  it('without a body (or with {}) checks every prompt of the account', async () => {
    expect((await check()).done).toMatchObject({ prompt_count: 3, result_count: 3 * ENGINES });
    expect((await check({})).done).toMatchObject({ prompt_count: 3, pair_count: 3 * ENGINES });
  });

  it('refuses both members, another account’s or unknown ids, and unknown members (400)', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ project_id: projectId, prompt_id: prompts[0] }, /give project_id or prompt_id, not both/],
      [{ project_id: 'prj_0000000000000000' }, /project_id "prj_0000000000000000" is not a project of this account/],
      [{ prompt_id: 'prm_nope' }, /prompt_id "prm_nope" is not a prompt of this account/],
      [{ prompt_id: 7 }, /prompt_id must be a string/],
      [{ engine: 'chatgpt' }, /Unknown member "engine"/],
    ];
    for (const [body, message] of cases) {
      const res = await api.request('POST', '/api/v1/citations/checks', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toMatch(message);
    }
    const other = (await api.newAccount()).key;
    const res = await api.request('POST', '/api/v1/citations/checks', { key: other, body: { prompt_id: prompts[0] } });
    expect(res.status).toBe(400);
  });
});
