/** Starts the HTTP server, or HTTPS when TLS_CERT and TLS_KEY name a PEM certificate and key (contract section 6). */
import http from 'node:http';
import https from 'node:https';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';

export interface ListenOptions {
  host: string;
  port: number;
  tlsCert: string | null;
  tlsKey: string | null;
}

export interface Listening {
  server: http.Server;
  /** Base URL, e.g. http://127.0.0.1:8787 */
  url: string;
  tls: boolean;
}

export async function listen(handler: http.RequestListener, options: ListenOptions): Promise<Listening> {
  const tls = Boolean(options.tlsCert && options.tlsKey);
  const server = tls
    ? https.createServer({ cert: await readFile(options.tlsCert!), key: await readFile(options.tlsKey!) }, handler)
    : http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return { server, url: `${tls ? 'https' : 'http'}://${host}:${port}`, tls };
}
