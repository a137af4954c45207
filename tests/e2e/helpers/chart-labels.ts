import type { Page } from 'playwright-core';

/**
 * The charts' axis labels drawn past their chart's edge (cut off) or over another label of the same chart,
 * as text: none should be (the last day's label was cut off, and at 200 % zoom labels ran into each other).
 */
export async function crowdedLabels(page: Page): Promise<string[]> {
  return page.$$eval('figure.chart svg', (svgs) =>
    svgs.flatMap((svg) => {
      const box = svg.getBoundingClientRect();
      const labels = Array.from(svg.querySelectorAll('text.axis')).map((t) => ({
        text: t.textContent ?? '',
        r: t.getBoundingClientRect(),
      }));
      const cut = labels.filter(({ r }) => r.left < box.left - 0.5 || r.right > box.right + 0.5).map(({ text }) => `cut off: ${text}`);
      const overlapping = labels.flatMap((a, i) =>
        labels
          .slice(i + 1)
          .filter((b) => a.r.left < b.r.right && b.r.left < a.r.right && a.r.top < b.r.bottom && b.r.top < a.r.bottom)
          .map((b) => `overlap: ${a.text} / ${b.text}`),
      );
      return [...cut, ...overlapping];
    }),
  );
}
