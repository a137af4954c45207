/**
 * An upload counted on its own thread while it is received. Counting is the heavy part of an upload (the same
 * work as `citable logs`), and on the thread that answers the API it ran one after the other with receiving,
 * hashing and spooling the same bytes: the upload went at about half the CLI's speed, and every other request
 * waited behind it. Here the request thread only copies the body's bytes to the thread, a megabyte a message; the body holds back
 * while more than IN_FLIGHT_BYTES wait there. The thread's held chunks are the same as an UploadParse's on the
 * request thread (it runs one). A thread that fails or cannot start loses nothing: `finish` answers null and
 * the ingest reads the spool file instead, as after a restart.
 */
import { Worker } from 'node:worker_threads';
import { locateThreadScript } from '../util/thread-script.js';
import type { UploadParseAsk, UploadParseData, UploadParseReply } from './upload-parse-protocol.js';
import type { BodyTee, HeldChunk } from './upload-parse.js';

/** Body bytes sent to the thread and not yet taken, beyond which the body waits. */
const IN_FLIGHT_BYTES = 8 * 1024 * 1024;
/** Body bytes sent in one message: a body arrives in pieces of about 64 KB, and a message per piece cost more than counting. */
const BATCH_BYTES = 1024 * 1024;

export class UploadParseThread implements BodyTee {
  readonly #worker: Worker;
  readonly #held: Promise<HeldChunk[] | null>;
  #settle: (held: HeldChunk[] | null) => void = () => undefined;
  #inFlight = 0;
  /** The next message's bytes (its own ArrayBuffer, transferred), and how many are in. */
  #batch: Buffer | null = null;
  #batched = 0;
  #waiting: (() => void)[] = [];
  /** Why the thread stopped before answering, or null. */
  #failure: string | null = null;
  #settled = false;

  constructor(options: UploadParseData, worker: URL = locateThreadScript('upload-parse-worker', import.meta.url)) {
    this.#held = new Promise((resolve) => (this.#settle = resolve));
    this.#worker = new Worker(worker, { workerData: options });
    this.#worker.on('message', (reply: UploadParseReply) => this.#answer(reply));
    this.#worker.on('error', (error: Error) => this.#fail(error.message));
    this.#worker.on('exit', (code) => this.#fail(`the thread ended (exit code ${code})`));
  }

  /** Why the thread stopped before answering (the ingest then reads the spool file), or null. */
  get failure(): string | null {
    return this.#failure;
  }

  write(chunk: Buffer): boolean {
    if (this.#settled) return true; // failed: the spool file is read instead
    for (let at = 0; at < chunk.length;) {
      this.#batch ??= Buffer.allocUnsafeSlow(BATCH_BYTES);
      const copied = chunk.copy(this.#batch, this.#batched, at);
      this.#batched += copied;
      at += copied;
      if (this.#batched === BATCH_BYTES) this.#send();
    }
    return this.#inFlight < IN_FLIGHT_BYTES;
  }

  onDrain(resume: () => void): void {
    if (this.#settled || this.#inFlight < IN_FLIGHT_BYTES) return resume();
    this.#waiting.push(resume);
  }

  /** The body ended: the held chunks, or null when the thread failed (read the spool file instead). */
  finish(): Promise<HeldChunk[] | null> {
    if (!this.#settled) {
      this.#send();
      this.#worker.postMessage({ type: 'end' } satisfies UploadParseAsk);
    }
    return this.#held;
  }

  /** The upload was refused or broke off: the thread ends, nothing it counted is kept. */
  abort(): void {
    this.#done(null);
  }

  /** The batch to the thread (its buffer moves there). */
  #send(): void {
    if (!this.#batch || this.#batched === 0) return;
    const data = this.#batch.buffer as ArrayBuffer;
    this.#worker.postMessage({ type: 'bytes', data, length: this.#batched } satisfies UploadParseAsk, [data]);
    this.#inFlight += this.#batched;
    this.#batch = null;
    this.#batched = 0;
  }

  #answer(reply: UploadParseReply): void {
    if (reply.type === 'taken') {
      this.#inFlight -= reply.bytes;
      if (this.#inFlight < IN_FLIGHT_BYTES) this.#release();
    } else if (reply.type === 'held') this.#done(reply.held);
    else this.#fail(reply.message);
  }

  #fail(reason: string): void {
    if (this.#settled) return;
    this.#failure = reason;
    this.#done(null);
  }

  #done(held: HeldChunk[] | null): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#release(); // the body reads on: the spool file still gets every byte
    void this.#worker.terminate();
    this.#settle(held);
  }

  #release(): void {
    for (const resume of this.#waiting.splice(0)) resume();
  }
}
