/**
 * POST /projects/{id}/logs: an access log file as the body (plain or gzip, `Content-Encoding: gzip` allowed),
 * streamed to a spool file and hashed on the way, up to LOG_UPLOAD_MAX_BYTES (413 beyond). 202 with the new
 * ingest, read in the background; the same bytes again: 200 with the first ingest, nothing counted twice.
 */
import { route } from '../route.js';
import { ingestToWire } from './ingest-wire.js';
import { projectOf } from './project-wire.js';

export const uploadLogs = route({
  method: 'POST',
  path: '/projects/:id/logs',
  async handle(ctx, deps) {
    const project = await projectOf(deps, ctx);
    const { ingest, created } = await deps.traffic.receive(ctx.req, ctx.state.account.id, project.id);
    ctx.status = created ? 202 : 200;
    ctx.set('Location', `/api/v1/projects/${project.id}/logs/${ingest.id}`);
    ctx.body = { ingest: ingestToWire(ingest) };
  },
});
