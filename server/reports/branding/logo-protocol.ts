/** Messages between the API thread (logo-thread.ts) and the logo thread (logo-worker.ts). */

export interface LogoRequest {
  id: number;
  /** The SVG text as uploaded. */
  svg: string;
}

export type LogoReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; svg: string }
  /** Sanitising left nothing usable (SvgRejectedError): the uploader's fault, a 400. */
  | { type: 'rejected'; id: number; message: string }
  | { type: 'failed'; id: number; message: string };
