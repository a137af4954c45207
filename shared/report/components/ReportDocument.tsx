import type { ComponentChildren } from 'preact';

/**
 * What the report's own file may load: nothing but its inline styles and `data:` images. The same policy the
 * share route sends as a header, here as a meta element too, so a report saved to disk or opened from a mail
 * attachment cannot make a request either, whatever an audit or a logo holds.
 */
/** The report document's own policy (its <meta>): it loads nothing and runs no script. */
const DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
/** The policy served with a report (a header): the document's, and no page may frame it (a <meta> cannot say that). */
export const REPORT_CSP = `${DOCUMENT_CSP}; frame-ancestors 'none'`;

/** The whole HTML document: one file, no script, no external resource. */
export function ReportDocument({
  title,
  css,
  lang = 'en',
  children,
}: {
  title: string;
  css: string;
  lang?: string;
  children: ComponentChildren;
}) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta http-equiv="Content-Security-Policy" content={DOCUMENT_CSP} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>{children}</body>
    </html>
  );
}
