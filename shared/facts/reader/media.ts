import type { ImageFact } from '../fact-types.js';
import type { FactsExtractor } from './facts-reader.js';

/** Images (and whether a <figure> captions them) and iframes. */
export function mediaExtractor(): FactsExtractor {
  /** Open <figure>s, innermost last. */
  const figures: Array<{ hasCaption: boolean; images: ImageFact[] }> = [];
  return {
    tags: ['img', 'figure', 'figcaption', 'iframe'],
    open({ name, attrs }, reader) {
      const facts = reader.facts;
      switch (name) {
        case 'img': {
          const image: ImageFact = {
            src: reader.resolve(attrs.src ?? attrs['data-src']),
            alt: attrs.alt === undefined ? null : attrs.alt,
            inFigureWithCaption: false,
            role: attrs.role ?? null,
          };
          if (reader.inHidden || isPixel(attrs)) image.unseen = true;
          facts.images.push(image);
          figures[figures.length - 1]?.images.push(image);
          break;
        }
        case 'figure': {
          const figure = { hasCaption: false, images: [] as ImageFact[] };
          figures.push(figure);
          reader.onClose(() => {
            figures.pop();
            for (const image of figure.images) image.inFigureWithCaption = figure.hasCaption;
          });
          break;
        }
        case 'figcaption': {
          const figure = figures[figures.length - 1];
          if (figure) figure.hasCaption = true;
          break;
        }
        default:
          facts.iframes.push({ src: reader.resolve(attrs.src), allow: attrs.allow ?? null });
      }
    },
  };
}

/** A tracking pixel: one pixel or none, or a beacon of a known measurement service. */
function isPixel(attrs: Record<string, string>): boolean {
  const tiny = (v: string | undefined) => v !== undefined && /^\s*[01](px)?\s*$/.test(v);
  if (tiny(attrs.width) || tiny(attrs.height)) return true;
  return /scorecardresearch\.com|doubleclick\.net|facebook\.com\/tr|google-analytics\.com|\/pixel\b|\/beacon\b|pixel\.gif|\/count\/pv\.gif/i.test(
    attrs.src ?? '',
  );
}
