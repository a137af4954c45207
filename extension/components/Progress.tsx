/** Shown while the background audits: the steps it is doing, announced to screen readers. */
export function Progress({ url }: { url?: string }) {
  const host = url ? safeHost(url) : '';
  return (
    <section class="progress" role="status" aria-live="polite" aria-busy="true">
      <p>
        <strong>Auditing{host ? ` ${host}` : ' this page'}…</strong>
      </p>
      <progress aria-label="Audit in progress" />
      <p class="muted">Fetching the server HTML and site files, reading the rendered page, probing WebMCP.</p>
    </section>
  );
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
