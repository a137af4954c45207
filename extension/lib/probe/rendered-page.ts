/** The DOM after JavaScript ran, as the tab shows it. Self-contained: serialized by executeScript. */
export function captureRenderedPage(): { html: string; url: string; capturedAt: string } {
  const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : '';
  return { html: doctype + document.documentElement.outerHTML, url: location.href, capturedAt: new Date().toISOString() };
}
