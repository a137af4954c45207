/**
 * The real Prometheus (Debian's /usr/bin/prometheus) scrapes the built server on loopback every second,
 * with the scrape job of docs/operations.md#metrics pointed at it: through Prometheus's HTTP API the
 * target is `up`, the process metrics arrived, and a request counter rose after requests were made.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../helpers/server-process.js';
import { freePort, waitForPort } from '../../helpers/services/index.js';
import { track } from '../../helpers/services/child-processes.js';
import { until } from '../../helpers/until.js';
import { docBlock } from '../../helpers/doc-blocks.js';

interface PromResult {
  metric: Record<string, string>;
  value: [number, string];
}

describe('Prometheus scraping the server', () => {
  let dir: string;
  let server: ServerProcess;
  let prometheus: ChildProcess;
  let api: string;

  const query = async (expr: string): Promise<PromResult[]> => {
    const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(expr)}`);
    const body = (await res.json()) as { status: string; data: { result: PromResult[] } };
    if (body.status !== 'success') throw new Error(`query ${expr}: ${JSON.stringify(body)}`);
    return body.data.result;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-prometheus-'));
    server = await startServerProcess({ env: { DATA_DIR: path.join(dir, 'data') } });
    const target = new URL(server.url).host;
    // The documented job, with the test's target and a 1 s interval.
    const config = (await docBlock('operations.md', 'prometheus.yml'))
      .replace(/targets: \[.*\]/, `targets: ['${target}']`)
      .replace(/scrape_interval: \d+s/, 'scrape_interval: 1s')
      .replace(/rule_files:[\s\S]*$/, '');
    await writeFile(path.join(dir, 'prometheus.yml'), config);
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      '/usr/bin/prometheus',
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'tsdb')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--log.level=warn',
      ],
      { stdio: 'ignore' },
    );
    track(prometheus);
    await waitForPort(port, 30_000, () => prometheus.exitCode === null);
  }, 60_000);

  afterAll(async () => {
    prometheus?.kill('SIGTERM');
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('finds the target up, with the process metrics', async () => {
    const [up] = await until('the citable target to be up', async () => {
      const result = await query('up{job="citable"}');
      return result[0]?.value[1] === '1' ? result : null;
    });
    expect(up!.metric.instance).toBe(new URL(server.url).host);
    const memory = await until('process metrics', async () => (await query('process_resident_memory_bytes{job="citable"}'))[0]);
    expect(Number(memory.value[1])).toBeGreaterThan(0);
  });

  it('sees a request counter rise after requests', async () => {
    const counter = 'citable_http_requests_total{job="citable", route="/healthz", status="200"}';
    const before = Number((await query(counter))[0]?.value[1] ?? 0);
    for (let i = 0; i < 5; i++) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const after = await until(`${counter} to reach ${before + 5}`, async () => {
      const value = Number((await query(counter))[0]?.value[1] ?? 0);
      return value >= before + 5 ? value : null;
    });
    expect(after).toBeGreaterThanOrEqual(before + 5);
    const requests = await query('sum(citable_http_requests_total{job="citable", route="/metrics"})');
    expect(Number(requests[0]!.value[1])).toBeGreaterThan(0); // its own scrapes are counted too
  });
});
