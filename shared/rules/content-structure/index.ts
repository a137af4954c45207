import type { Rule } from '../../judge/rule.js';
import contentTitle from './content.title.js';
import contentMetaDescription from './content.meta-description.js';
import contentSingleH1 from './content.single-h1.js';
import contentHeadingHierarchy from './content.heading-hierarchy.js';
import contentLang from './content.lang.js';
import contentImageAlt from './content.image-alt.js';
import contentLandmarks from './content.landmarks.js';
import contentListsTables from './content.lists-tables.js';
import contentQuestionHeadings from './content.question-headings.js';
import contentLinkText from './content.link-text.js';
import contentParagraphLength from './content.paragraph-length.js';

/** Content Structure: can an answer engine find the topic, the outline and quotable passages? */
export const contentStructureRules: readonly Rule[] = [
  contentTitle,
  contentMetaDescription,
  contentSingleH1,
  contentHeadingHierarchy,
  contentLang,
  contentImageAlt,
  contentLandmarks,
  contentListsTables,
  contentQuestionHeadings,
  contentLinkText,
  contentParagraphLength,
];
