import type { Fingerprint } from '../signal.js';
import { CMS_BUILDERS } from './cms.js';
import { APP_FRAMEWORKS, SITE_GENERATORS } from './frameworks.js';
import { HOSTED_BUILDERS } from './hosted.js';
import { MORE_HOSTED_BUILDERS } from './hosted-more.js';
import { UNKNOWN_BUILDER } from '../unknown.js';

/** Every builder Citable recognises, one entry per display name. */
export const FINGERPRINTS: readonly Fingerprint[] = [
  ...HOSTED_BUILDERS,
  ...MORE_HOSTED_BUILDERS,
  ...CMS_BUILDERS,
  ...SITE_GENERATORS,
  ...APP_FRAMEWORKS,
];

export { UNKNOWN_BUILDER } from '../unknown.js';

/** Every display name `detectBuilder` can answer, `Unknown` included. */
export const BUILDER_NAMES: readonly string[] = [...FINGERPRINTS.map((f) => f.name), UNKNOWN_BUILDER];
