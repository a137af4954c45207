import { defineRule, notApplicable, partial, pass } from '../../judge/rule.js';
import type { ImageFact } from '../../facts/page-facts.js';
import { floor2 } from '../../judge/ramp.js';
import { judgesBody } from '../../judge/applicability.js';

/** An alt that is only a file name or a placeholder describes nothing. */
const MEANINGLESS_ALT = /\.(jpe?g|png|gif|webp|avif|svg|bmp)$|^(image|img|photo|picture|pic|graphic|logo|icon|banner|untitled)[\s_-]*\d*$/i;

export default defineRule({
  id: 'content.image-alt',
  category: 'Content Structure',
  weight: 4,
  severity: 'warning',
  title: 'Images without alt text',
  description: 'Whether informative images have useful alt text or a caption.',
  fix: 'Describe each informative image in its alt text, and mark decorative ones with alt="".',
  check(ctx) {
    if (!judgesBody(ctx)) return notApplicable();
    const informative = ctx.facts.images.filter((img) => !isDecorative(img));
    if (!informative.length) return notApplicable();
    const described = informative.filter(isDescribed).length;
    if (described === informative.length) return pass();
    const missing = informative.length - described;
    const coverage = described / informative.length;
    return partial(
      floor2(coverage),
      `${missing} of ${informative.length} images have no useful alt text (missing, a file name or a placeholder); AI engines cannot see images and rely on alt text and captions. Describe each informative image, and mark decorative ones with alt="".`,
      coverage >= 0.8 ? { severity: 'notice' } : {},
    );
  },
});

/** alt="" and role=presentation/none are how authors say an image carries no information; a tracking pixel carries none either. */
function isDecorative(img: ImageFact): boolean {
  const role = img.role?.trim().toLowerCase();
  return img.alt === '' || role === 'presentation' || role === 'none' || img.unseen === true;
}

function isDescribed(img: ImageFact): boolean {
  const alt = img.alt?.trim() ?? '';
  return (alt !== '' && !MEANINGLESS_ALT.test(alt)) || img.inFigureWithCaption;
}
