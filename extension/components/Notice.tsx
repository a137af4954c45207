/** A plain message in place of a report: a page that cannot be audited, or a failure. */
export function Notice({ tone, title, message }: { tone: 'info' | 'error'; title: string; message: string }) {
  return (
    <section class={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      <h2>{title}</h2>
      <p>{message}</p>
    </section>
  );
}
