import type { Rule } from '../../judge/rule.js';
import llmsTxtPresent from './llms-txt.present.js';
import llmsTxtValid from './llms-txt.valid.js';
import llmsTxtLinksResolve from './llms-txt.links-resolve.js';
import llmsFullTxtPresent from './llms-full-txt.present.js';
import sitemapPresent from './sitemap.present.js';
import sitemapLastmod from './sitemap.lastmod.js';
import sitemapListsPage from './sitemap.lists-page.js';
import sitemapInRobots from './sitemap.in-robots.js';
import markdownNegotiation from './markdown.negotiation.js';
import markdownAlternateLink from './markdown.alternate-link.js';
import markdownPageMirror from './markdown.page-mirror.js';
import markdownTokenCount from './markdown.token-count.js';
import canonicalValid from './canonical.valid.js';
import webmcpPermissionsPolicy from './webmcp.permissions-policy.js';
import webmcpInputSchema from './webmcp.input-schema.js';
import webmcpFormTools from './webmcp.form-tools.js';

export const aiDiscoveryRules: readonly Rule[] = [
  llmsTxtPresent,
  llmsTxtValid,
  llmsTxtLinksResolve,
  llmsFullTxtPresent,
  sitemapPresent,
  sitemapLastmod,
  sitemapListsPage,
  sitemapInRobots,
  markdownNegotiation,
  markdownAlternateLink,
  markdownPageMirror,
  markdownTokenCount,
  canonicalValid,
  webmcpPermissionsPolicy,
  webmcpInputSchema,
  webmcpFormTools,
];
