import type { Rule } from '../../judge/rule.js';
import httpStatus from './http.status.js';
import httpRedirectChain from './http.redirect-chain.js';
import challengeAiAgentsBlocked from './challenge.ai-agents-blocked.js';
import challengeTrainingAgentsBlocked from './challenge.training-agents-blocked.js';
import httpPaymentRequired from './http.payment-required.js';
import accessEdgeRefusesAllowedAgent from './access.edge-refuses-allowed-agent.js';
import accessAgentContentDiffers from './access.agent-content-differs.js';
import robotsUnreachable from './robots.unreachable.js';
import siteFilesUnreadInBrowser from './site-files.unread-in-browser.js';
import robotsServedAsHtml from './robots.served-as-html.js';
import robotsSyntax from './robots.syntax.js';
import robotsTooLarge from './robots.too-large.js';
import robotsSearchAgentsBlocked from './robots.search-agents-blocked.js';
import robotsUserAgentsBlocked from './robots.user-agents-blocked.js';
import robotsTrainingAgentsBlocked from './robots.training-agents-blocked.js';
import robotsArchiveAgentsBlocked from './robots.archive-agents-blocked.js';
import robotsLinkPreviewsBlocked from './robots.link-previews-blocked.js';
import metaRobotsNoindex from './meta-robots.noindex.js';
import metaRobotsNosnippet from './meta-robots.nosnippet.js';
import optoutNoai from './optout.noai.js';
import optoutTdmrep from './optout.tdmrep.js';
import optoutContentSignalSearch from './optout.content-signal-search.js';
import optoutContentSignalTrain from './optout.content-signal-train.js';
import optoutAipref from './optout.aipref.js';
import optoutRslLicense from './optout.rsl-license.js';

/** Crawler Access: can AI agents fetch the page, and may they index, quote and train on it? */
export const crawlerAccessRules: readonly Rule[] = [
  httpStatus,
  httpRedirectChain,
  challengeAiAgentsBlocked,
  challengeTrainingAgentsBlocked,
  httpPaymentRequired,
  accessEdgeRefusesAllowedAgent,
  accessAgentContentDiffers,
  robotsUnreachable,
  siteFilesUnreadInBrowser,
  robotsServedAsHtml,
  robotsSyntax,
  robotsTooLarge,
  robotsSearchAgentsBlocked,
  robotsUserAgentsBlocked,
  robotsTrainingAgentsBlocked,
  robotsArchiveAgentsBlocked,
  robotsLinkPreviewsBlocked,
  metaRobotsNoindex,
  metaRobotsNosnippet,
  optoutNoai,
  optoutTdmrep,
  optoutContentSignalSearch,
  optoutContentSignalTrain,
  optoutAipref,
  optoutRslLicense,
];
