import net from 'node:net';
import { until } from '../until.js';

/** A TCP port free on 127.0.0.1 right now (the caller binds it soon after; callers retry on a clash). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs: number, alive: () => boolean = () => true): Promise<void> {
  await until(
    `something to listen on 127.0.0.1:${port}`,
    async () => {
      if (await accepts(port)) return true;
      if (!alive()) throw new Error(`the process meant to listen on 127.0.0.1:${port} exited`);
      return false;
    },
    { timeoutMs, everyMs: 50 },
  );
}

/** Whether a TCP connection to 127.0.0.1:port is accepted now. */
function accepts(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
