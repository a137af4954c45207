/**
 * What `npm start` says when the server cannot start: one line a person can act on. The listener's errors
 * (a busy port above all) get their own words; anything else keeps its message.
 */
export function startFailureMessage(error: unknown, listen: { host: string; port: number }): string {
  const code = (error as { code?: unknown } | null)?.code;
  const where = `port ${listen.port} on ${listen.host}`;
  if (code === 'EADDRINUSE') {
    const other = listen.port === 8788 ? 8789 : 8788;
    return `${where} is already in use (another Citable server, or another program, listens there). Stop it, or choose another port: PORT=${other} npm start`;
  }
  if (code === 'EACCES')
    return `${where} needs privileges this process lacks (ports below 1024 usually do): choose a port from 1024 up, such as PORT=8787`;
  if (code === 'EADDRNOTAVAIL')
    return `HOST ${listen.host} is not an address of this machine: use 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)`;
  return error instanceof Error ? error.message : String(error);
}
