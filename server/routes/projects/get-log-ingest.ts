/** GET /projects/{id}/logs/{ingest_id}: an upload's progress; unknown, or another project's or account's: 404. */
import { HttpError } from '../../http/http-error.js';
import { route } from '../route.js';
import { ingestToWire } from './ingest-wire.js';
import { projectOf } from './project-wire.js';

const INGEST_ID = /^ing_[0-9A-Za-z]{16}$/;

export const getLogIngest = route({
  method: 'GET',
  path: '/projects/:id/logs/:ingest_id',
  async handle(ctx, deps) {
    const project = await projectOf(deps, ctx);
    const id = ctx.params.ingest_id ?? '';
    const ingest = INGEST_ID.test(id) ? await (await deps.store.traffic()).getIngest(project.id, id) : null;
    if (!ingest) throw new HttpError(404, 'Log upload not found');
    ctx.body = { ingest: ingestToWire(ingest) };
  },
});
