/** What `citable audit` and `citable crawl` read for their CI formats (docs/ci.md). */
import { ConfigError, readText, type Env } from './parse.js';

export interface CiSettings {
  /**
   * Where this repository's files are published, such as `https://github.com/<owner>/citable/blob/main/`:
   * SARIF then links each rule to its section of docs/rules.md. Null: the help names the file instead.
   */
  docsUrl: string | null;
}

export function readCiSettings(env: Env): CiSettings {
  const raw = readText(env, 'CITABLE_DOCS_URL');
  if (raw === null) return { docsUrl: null };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `CITABLE_DOCS_URL must be an http(s) URL such as https://github.com/owner/citable/blob/main/, got ${JSON.stringify(raw)}`,
    );
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new ConfigError(`CITABLE_DOCS_URL must be an http(s) URL without a query or fragment, got ${JSON.stringify(raw)}`);
  }
  return { docsUrl: url.href.endsWith('/') ? url.href : `${url.href}/` };
}
