import type { Rule } from '../../judge/rule.js';
import { httpStatus } from './http-status.js';
import { redirectChain } from './redirect-chain.js';
import { challengeBlocksAgents } from './challenge.js';
import { robotsUnreachable } from './robots-unreachable.js';
import { siteFilesUnreadInBrowser } from './site-files-unread-in-browser.js';
import { robotsServedAsHtml } from './robots-served-as-html.js';
import { robotsSyntax } from './robots-syntax.js';
import { robotsTooLarge } from './robots-too-large.js';
import { searchAgentsBlocked } from './search-agents-blocked.js';
import { userAgentsBlocked } from './user-agents-blocked.js';
import { trainingAgentsBlocked } from './training-agents-blocked.js';
import { archiveAgentsBlocked } from './archive-agents-blocked.js';
import { linkPreviewsBlocked } from './link-previews-blocked.js';
import { noindex } from './noindex.js';
import { nosnippet } from './nosnippet.js';
import { noai } from './noai.js';
import { tdmrep } from './tdmrep.js';
import { contentSignalSearch } from './content-signal-search.js';
import { contentSignalTrain } from './content-signal-train.js';
import { aipref } from './aipref.js';

/** Crawler Access: can AI agents fetch the page, and may they index, quote and train on it? */
export const crawlerAccessRules: readonly Rule[] = [
  httpStatus,
  redirectChain,
  challengeBlocksAgents,
  robotsUnreachable,
  siteFilesUnreadInBrowser,
  robotsServedAsHtml,
  robotsSyntax,
  robotsTooLarge,
  searchAgentsBlocked,
  userAgentsBlocked,
  trainingAgentsBlocked,
  archiveAgentsBlocked,
  linkPreviewsBlocked,
  noindex,
  nosnippet,
  noai,
  tdmrep,
  contentSignalSearch,
  contentSignalTrain,
  aipref,
];
