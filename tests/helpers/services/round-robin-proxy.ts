/**
 * Several API processes behind one port: a TCP proxy on 127.0.0.1 handing each new connection to the
 * next healthy backend in turn, as a load balancer does. Health: every backend's GET /healthz is probed
 * (every second by default); a backend that refuses a connection is marked down at once and the
 * connection goes to the next one, so with one process down (stopped, restarting, killed) clients still
 * get answers. Tests use it in-process; for a local try-out it also runs as a program:
 *
 *   npx tsx tests/helpers/services/round-robin-proxy.ts 8787 127.0.0.1:8801 127.0.0.1:8802
 *
 * (In production put nginx, HAProxy or the platform's load balancer in front: README, "Scaling out".)
 */
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export interface RoundRobinProxy {
  port: number;
  url: string;
  /** Connections handed to each backend so far, in backend order. */
  connections: number[];
  /** Whether each backend is taken as up right now, in backend order. */
  healthy(): boolean[];
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** How often each backend's /healthz is probed (default 1000 ms). */
  healthIntervalMs?: number;
}

type Backend = { host: string; port: number };

export async function startRoundRobinProxy(backends: Backend[], port = 0, options: ProxyOptions = {}): Promise<RoundRobinProxy> {
  const connections = backends.map(() => 0);
  const up = backends.map(() => true);
  const sockets = new Set<net.Socket>();
  let next = 0;

  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  };

  /** Backend indexes to try for a new connection: from the next in turn, those taken as up first. */
  const candidates = (): number[] => {
    const start = next++ % backends.length;
    const order = backends.map((_, i) => (start + i) % backends.length);
    return [...order.filter((i) => up[i]), ...order.filter((i) => !up[i])];
  };

  const server = net.createServer((client) => {
    track(client);
    client.pause(); // hold what the client sends until a backend takes the connection
    client.on('error', () => client.destroy());
    const tryNext = (remaining: number[]) => {
      const index = remaining[0];
      if (index === undefined) {
        client.destroy(); // every backend is down
        return;
      }
      const upstream = net.connect(backends[index]!.port, backends[index]!.host);
      track(upstream);
      const refused = () => {
        up[index] = false; // passive health check: down until a probe says otherwise
        tryNext(remaining.slice(1));
      };
      upstream.once('error', refused);
      upstream.once('connect', () => {
        upstream.off('error', refused);
        connections[index]!++;
        upstream.on('error', () => client.destroy()); // died mid-connection: the client sees it drop
        client.on('close', () => upstream.destroy());
        client.pipe(upstream).pipe(client);
        client.resume();
      });
    };
    tryNext(candidates());
  });

  // Active health check: GET /healthz on each backend; 200 is up, anything else (or no answer) is down.
  const probe = () => {
    backends.forEach((backend, i) => {
      const req = http.get({ host: backend.host, port: backend.port, path: '/healthz', agent: false, timeout: 2_000 }, (res) => {
        up[i] = res.statusCode === 200;
        res.resume();
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => (up[i] = false));
    });
  };
  const timer = setInterval(probe, options.healthIntervalMs ?? 1_000);
  timer.unref();

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as net.AddressInfo).port;
  return {
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    connections,
    healthy: () => [...up],
    close: async () => {
      clearInterval(timer);
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
