/**
 * The DOM after JavaScript ran, as the tab shows it, with the browser that ran it and how long the page took to load
 * (the tab may have been open for minutes before the audit: its load time, not its age, is what the server's render
 * records). Self-contained: serialized by executeScript.
 */
export function captureRenderedPage(): { html: string; url: string; capturedAt: string; engine: string; ms: number } {
  const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : '';
  const ua = navigator.userAgent;
  const firefox = /Firefox\/([\d.]+)/.exec(ua);
  const chrome = /Chrom(?:e|ium)\/([\d.]+)/.exec(ua);
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const loaded = navigation && navigation.loadEventEnd > 0 ? navigation.loadEventEnd : performance.now();
  const engine = firefox ? `Firefox ${firefox[1]}` : chrome ? `Chromium ${chrome[1]}` : ua.slice(0, 80);
  return {
    html: doctype + document.documentElement.outerHTML,
    url: location.href,
    capturedAt: new Date().toISOString(),
    engine,
    ms: Math.max(0, Math.round(loaded)),
  };
}
