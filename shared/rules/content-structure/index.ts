import type { Rule } from '../../judge/rule.js';
import { titleRule } from './title.js';
import { metaDescriptionRule } from './meta-description.js';
import { singleH1Rule } from './single-h1.js';
import { headingHierarchyRule } from './heading-hierarchy.js';
import { langRule } from './lang.js';
import { imageAltRule } from './image-alt.js';
import { landmarksRule } from './landmarks.js';
import { listsTablesRule } from './lists-tables.js';
import { questionHeadingsRule } from './question-headings.js';
import { linkTextRule } from './link-text.js';
import { paragraphLengthRule } from './paragraph-length.js';

/** Content Structure: can an answer engine find the topic, the outline and quotable passages? */
export const contentStructureRules: readonly Rule[] = [
  titleRule,
  metaDescriptionRule,
  singleH1Rule,
  headingHierarchyRule,
  langRule,
  imageAltRule,
  landmarksRule,
  listsTablesRule,
  questionHeadingsRule,
  linkTextRule,
  paragraphLengthRule,
];
