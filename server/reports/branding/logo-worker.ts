/**
 * The logo thread (built to dist/logo-worker.mjs; from source, logo-worker-source.mjs loads this file): sanitises
 * SVG logos with jsdom and DOMPurify (sanitize-svg.ts) one at a time, off the thread that answers the API. It says
 * `ready` once jsdom is loaded and warm, so the time budget logo-thread.ts gives each logo is the logo's own.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { LogoReply, LogoRequest } from './logo-protocol.js';

if (!parentPort) throw new Error('logo-worker runs as a worker thread (see server/reports/branding/logo-thread.ts)');
const port = parentPort;
// On Linux, priority 0 means this thread only: sanitising yields the CPU to the thread that answers the API. Set
// before jsdom loads (a static import would load it first), so that loading yields too.
if (process.platform === 'linux') os.setPriority(0, 10);
const { sanitizeSvg, SvgRejectedError } = await import('./sanitize-svg.js');
sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
port.postMessage({ type: 'ready' } satisfies LogoReply);

port.on('message', (message: LogoRequest) => {
  let reply: LogoReply;
  try {
    reply = { type: 'done', id: message.id, svg: sanitizeSvg(message.svg) };
  } catch (error) {
    reply =
      error instanceof SvgRejectedError
        ? { type: 'rejected', id: message.id, message: error.message }
        : { type: 'failed', id: message.id, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  port.postMessage(reply);
});
