import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * A client report (shared/report's self-contained HTML, the file the server and the export give) shown
 * as is: in a frame, so its own style sheet and policy apply untouched. The frame runs no script
 * (sandbox without allow-scripts); same-origin lets this page size it to its content, and downloads let its
 * archive link (every fix as one ZIP) save the file.
 */
export function ReportFrame({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(900);
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const fit = () => {
      const doc = el.contentDocument;
      // The root's own box, not its scrollHeight: that is never less than the frame, so a frame once too tall
      // (laid out narrower first) kept a band of empty page below the report.
      if (doc?.documentElement) setHeight(Math.max(300, Math.ceil(doc.documentElement.getBoundingClientRect().height) + 8));
    };
    el.addEventListener('load', fit);
    const resize = new ResizeObserver(fit);
    resize.observe(el);
    return () => {
      el.removeEventListener('load', fit);
      resize.disconnect();
    };
  }, [html]);
  return (
    <iframe
      ref={frame}
      class="report-frame"
      title={title}
      sandbox="allow-same-origin allow-downloads"
      srcDoc={html}
      style={{ height: `${height}px` }}
      data-testid="report-frame"
    />
  );
}
