/**
 * The `engine` and `prompt_id` filters GET /citations and GET /citations/runs share: the same checks and
 * the same 400 messages on both routes.
 */
import { CITATION_ENGINE_IDS, isCitationEngineId } from '../../../shared/schema/citation-engines.js';
import { HttpError } from '../../http/http-error.js';
import type { CitationListQuery } from '../../store/contracts/citations.js';
import { singleParam, type RawQuery } from '../query-params.js';

const PROMPT_ID = /^prm_[A-Za-z0-9]{16}$/;

export function readEngineAndPromptFilters(raw: RawQuery, query: CitationListQuery): void {
  const engine = singleParam(raw, 'engine');
  if (engine !== undefined) {
    if (!isCitationEngineId(engine)) throw new HttpError(400, `engine must be one of ${CITATION_ENGINE_IDS.join(', ')}`);
    query.engine = engine;
  }
  const promptId = singleParam(raw, 'prompt_id');
  if (promptId !== undefined) {
    if (!PROMPT_ID.test(promptId)) throw new HttpError(400, 'prompt_id must be a prompt id such as prm_0123456789abcdef');
    query.promptId = promptId;
  }
}
