import type { HeadingFact } from '../fact-types.js';
import { collapse } from '../words.js';
import type { FactsExtractor } from './facts-reader.js';

const HEADING_LEVEL: Record<string, HeadingFact['level']> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const FOLLOWING_CAP = 600;

/** Headings in order, each with its text and the visible text that follows it until the next heading. */
export function headingsExtractor(): FactsExtractor {
  let current: HeadingFact | null = null;
  let insideHeading = 0;
  let following: string[] = [];
  let followingLength = 0;
  /** The text gathered after the current heading becomes its `following` (raw parts joined once, not per node). */
  const settle = () => {
    if (current && following.length) current.following = collapse(following.join(' ')).slice(0, FOLLOWING_CAP);
    following = [];
    followingLength = 0;
  };
  /** Text of links to other pages inside the heading being read. */
  let linkTexts: string[] = [];
  return {
    tags: [...Object.keys(HEADING_LEVEL), 'a'],
    open({ name, attrs }, reader) {
      if (name === 'a') {
        const href = attrs.href?.trim() ?? '';
        if (insideHeading > 0 && href && !href.startsWith('#')) reader.collectText((text) => linkTexts.push(text));
        return;
      }
      const heading: HeadingFact = { level: HEADING_LEVEL[name]!, text: '', following: '', region: 'content' };
      reader.facts.headings.push(heading);
      settle();
      current = heading;
      if (insideHeading === 0) linkTexts = [];
      insideHeading++;
      reader.collectText((text) => (heading.text = text));
      reader.onClose(() => {
        insideHeading--;
        // A heading that is wholly a link to another page titles a teaser for that page (a related story), not a section here.
        if (insideHeading === 0 && heading.text && collapse(linkTexts.join(' ')) === heading.text) heading.linksAway = true;
      });
    },
    visibleText(data) {
      if (current && insideHeading === 0 && followingLength < FOLLOWING_CAP * 2) {
        following.push(data);
        followingLength += data.length;
      }
    },
    finish: settle,
  };
}
