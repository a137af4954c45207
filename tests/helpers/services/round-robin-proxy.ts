/**
 * Several API processes behind one port: a TCP proxy on 127.0.0.1 handing each new connection to the
 * next backend in turn (what a load balancer does, minus health checks). Tests use it in-process; for a
 * local try-out it also runs as a program:
 *
 *   npx tsx tests/helpers/services/round-robin-proxy.ts 8787 127.0.0.1:8801 127.0.0.1:8802
 *
 * (In production put nginx, HAProxy or the platform's load balancer in front: README, "Scaling out".)
 */
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export interface RoundRobinProxy {
  port: number;
  url: string;
  /** Connections handed to each backend so far, in backend order. */
  connections: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: Array<{ host: string; port: number }>, port = 0): Promise<RoundRobinProxy> {
  const connections = backends.map(() => 0);
  const sockets = new Set<net.Socket>();
  let next = 0;
  const server = net.createServer((client) => {
    const index = next++ % backends.length;
    connections[index]!++;
    const backend = backends[index]!;
    const upstream = net.connect(backend.port, backend.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy()); // a dead backend: the client sees its connection drop
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as net.AddressInfo).port;
  return {
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    connections,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function hostPort(text: string): { host: string; port: number } {
  const match = /^(.+):(\d+)$/.exec(text);
  if (!match) throw new Error(`expected host:port, got ${text}`);
  return { host: match[1]!, port: Number(match[2]) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [listen, ...targets] = process.argv.slice(2);
  if (!listen || targets.length === 0) {
    console.error('usage: round-robin-proxy.ts PORT HOST:PORT [HOST:PORT ...]');
    process.exit(2);
  }
  const proxy = await startRoundRobinProxy(targets.map(hostPort), Number(listen));
  console.log(`round-robin proxy on ${proxy.url} -> ${targets.join(', ')}`);
}
