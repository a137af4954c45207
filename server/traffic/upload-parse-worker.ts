/**
 * The thread that counts an upload while it is received (built to dist/upload-parse-worker.mjs; from source,
 * upload-parse-worker-source.mjs loads this file): an UploadParse fed with the body's bytes in order. Each
 * batch of bytes is acknowledged once taken, so the request holds back while the thread is behind.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { UploadParseAsk, UploadParseData, UploadParseReply } from './upload-parse-protocol.js';
import { UploadParse } from './upload-parse.js';

if (!parentPort) throw new Error('upload-parse-worker runs as a worker thread (see server/traffic/upload-parse-thread.ts)');
const port = parentPort;
const parse = new UploadParse(workerData as UploadParseData);
const reply = (message: UploadParseReply) => port.postMessage(message);
const failed = (error: unknown) => reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) });

port.on('message', (ask: UploadParseAsk) => {
  if (ask.type === 'end') {
    parse.finish().then((held) => reply({ type: 'held', held }), failed);
    return;
  }
  try {
    const bytes = ask.length;
    if (parse.write(Buffer.from(ask.data, 0, bytes))) reply({ type: 'taken', bytes });
    else parse.onDrain(() => reply({ type: 'taken', bytes }));
  } catch (error) {
    failed(error);
  }
});
