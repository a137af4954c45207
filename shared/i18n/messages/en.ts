/**
 * The reports' words in English: the reference catalogue. Every other language has exactly these keys (a key
 * missing or extra there is a type error) and the same `{placeholders}`; a plural message lists the forms
 * Intl.PluralRules gives for its language (`other` always). Keep a message whole (a sentence, not halves of one),
 * so a translator can reorder it.
 */
import type { Message } from '../message.js';

export const en = {
  'language.name': 'English',

  // The report's head and foot
  'audit.kicker': 'AI visibility report',
  'audit.documentTitle': 'AI visibility report: {url}',
  'audit.subtitle': 'Audited {date}',
  'crawl.kicker': 'Site AI visibility report',
  'crawl.documentTitle': 'Site AI visibility report: {url}',
  'crawl.subtitle': 'Site audit of {date}',
  'report.builtWith': 'Built with {builder}',
  'header.logoAlt': 'Logo',
  'header.questions': 'Questions about this report?',
  'header.downloadPdf': 'Download PDF',
  'header.langFallback': 'This report is not available in the language asked for ({lang}), so it is shown in English.',
  'footer.preparedByWithCitable': 'Prepared by {name} with Citable',
  'footer.preparedBy': 'Prepared by {name}',
  'footer.preparedWithCitable': 'Prepared with Citable',
  'footer.auditReference': 'Audit {id}',
  'footer.crawlReference': 'Site audit {id}',
  'page.ofPages': 'Page {page} of {pages}',
  'date.utc': 'UTC',

  // Section titles
  'section.priorities': 'What matters most',
  'section.history': 'Score over time',
  'section.siteHistory': 'Site score over time',
  'section.categories': 'Scores by category',
  'section.findings': 'Other findings',
  'section.rendering': 'What crawlers that do not run JavaScript miss',
  'section.crawlers': 'AI crawlers and assistants',
  'section.llmsTxt': 'llms.txt',
  'section.webmcp': 'WebMCP',
  'section.agentDiscovery': 'Agent discovery',
  'section.ruleErrors': 'Checks that could not run',
  'section.fixes': 'Fixes',
  'section.issues': 'Issues by pages affected',
  'section.templates': 'Scores by kind of page',
  'section.worstPages': 'Pages to fix first',
  'section.siteFiles': 'Files for AI engines',

  // The score and the verdict
  'verdict.notJudged': 'Nothing on this page could be judged (it is not a web page AI engines read as text).',
  'verdict.good': 'AI answer engines can read, use and cite this page well.',
  'verdict.fair': 'AI answer engines can read this page, but the fixes below would make it easier to use and cite.',
  'verdict.poor': 'AI answer engines have serious trouble reading or using this page: start with the critical issues below.',
  'siteVerdict.good': 'AI answer engines can read, use and cite this site well.',
  'siteVerdict.fair': 'AI answer engines can read most of this site, but the fixes below would make it easier to use and cite.',
  'siteVerdict.poor': 'AI answer engines have serious trouble reading or using much of this site: start with the critical issues below.',
  'cap.heading': 'Score capped at {max}: {reason} (the categories average {mean}).',
  'cap.criticalIssues': { one: '{count} critical issue', other: '{count} critical issues' },
  'cap.explanation': 'A page with a critical issue scores at most 49 until that issue is fixed, however good the rest is.',
  'counts.critical': { one: 'critical', other: 'critical' },
  'counts.warning': { one: 'warning', other: 'warnings' },
  'counts.notice': { one: 'notice', other: 'notices' },
  'gauge.score': 'Score',
  'gauge.siteScore': 'Site score',
  'gauge.outOf100': 'out of 100',
  'gauge.label': '{label} {score} out of 100',
  'gauge.nothingApplied': 'no category applied to this page',
  'score.notApplicable': 'n/a',
  'severity.critical': 'Critical',
  'severity.warning': 'Warning',
  'severity.notice': 'Notice',

  // What matters most
  'priorities.pageCritical': {
    one: '{count} critical issue keeps AI answer engines from reading or using this page. Fix it first:',
    other: '{count} critical issues keep AI answer engines from reading or using this page. Fix them first:',
  },
  'priorities.siteCritical': {
    one: '{count} critical issue keeps AI answer engines from reading or using pages of this site. Fix it first:',
    other: '{count} critical issues keep AI answer engines from reading or using pages of this site. Fix them first:',
  },
  'priorities.noCriticalPage': 'No critical issue: AI answer engines may read and use this page.',
  'priorities.findingsBelow': 'The findings below make it easier to use and cite.',
  'priorities.noCriticalSite': 'No critical issue on any audited page.',
  'crawl.nothingAudited': 'No page has been audited yet.',

  // Issues
  'issue.reach': '{pages} ({share})',
  'issue.technicalReference': 'Technical reference',
  'issue.rule': 'Rule',
  'issue.docsLink': 'What this check looks for',
  'issue.adviceNote': 'The advice under each issue is written in English.',
  'issue.copy': 'Copy',

  // Categories
  'category.Crawler Access': 'Crawler Access',
  'category.Rendering': 'Rendering',
  'category.Structured Data': 'Structured Data',
  'category.Content Structure': 'Content Structure',
  'category.AI Discovery': 'AI Discovery',
  'category.Trust': 'Trust',
  'categoryInfo.Crawler Access':
    'Whether AI crawlers and assistants are allowed in and get the page: robots.txt, bot blocking, HTTP status.',
  'categoryInfo.Rendering': 'Whether the content is in the page the server sends, without running JavaScript.',
  'categoryInfo.Structured Data': 'Machine-readable facts about the page and the organisation behind it (schema.org, Open Graph).',
  'categoryInfo.Content Structure': 'Title, description, headings, language: what lets an engine understand and quote the page.',
  'categoryInfo.AI Discovery': 'Files that point AI engines to the content: llms.txt, sitemap, Markdown versions, canonical URL.',
  'categoryInfo.Trust': 'Signs that the content is credible: author, dates, about and contact pages, HTTPS, sources.',
  'category.notApplicable': 'n/a: nothing in this category applied here, so it is left out of the score.',
  'category.chartLabel': 'Category scores: {summary}',

  // Score over time
  'history.thisPage': 'This page',
  'history.thisSite': 'This site',
  'history.description': {
    one: '{subject} scored {first} on {firstDate} and {last} on {lastDate} ({count} audit).',
    other: '{subject} scored {first} on {firstDate} and {last} on {lastDate} ({count} audits).',
  },
  'history.chartLabel': 'Score history: {description}',

  // Where the audit was scored (docs/audits.md#why-the-extension-and-the-server-can-differ)
  'source.browser': 'Scored in the browser.',
  'source.browserIncludes': 'Scored in the browser: includes {list}.',
  'source.browserWithout': 'Not seen from the browser: {list}.',
  'source.renderedPage': 'the page after JavaScript',
  'source.runtimeWebmcp': 'WebMCP tools registered at run time',
  'source.noAgentProbes': 'the AI agent probes (no access to this site)',
  'source.redirectHops': 'the redirect hops',
  'source.unreadFiles': { one: '{count} site file the browser would not read', other: '{count} site files the browser would not read' },
  'source.serverRendered': 'Scored on the server, with the page rendered in a headless browser.',
  'source.serverUnrendered':
    'Scored on the server, from the HTML without running JavaScript: the checks that need the rendered page were left out.',
  'source.crawlRendered': 'Scored on the server (site audit), with the page rendered in a headless browser.',
  'source.crawlUnrendered':
    'Scored on the server (site audit), from the HTML without running JavaScript: the checks that need the rendered page were left out.',
  'history.legendServer': 'Scored on the server',
  'history.legendBrowser': 'Scored in the browser',

  // AI crawlers
  'crawlers.none': 'No AI crawler was checked.',
  'crawlers.unknown': 'Unknown for all {count} agents: {reason}.',
  'crawlers.robotsUnread': 'robots.txt could not be read from the browser',
  'crawlers.agent': 'Agent',
  'crawlers.operator': 'Operator',
  'crawlers.usedFor': 'Used for',
  'crawlers.robotsTxt': 'robots.txt',
  'crawlers.pageAnswer': 'Page answer',
  'crawlers.blocked': 'Blocked',
  'crawlers.allowed': 'Allowed',
  'crawlers.noResponse': 'no response',
  'crawlers.httpStatus': 'HTTP {status}',
  'crawlers.answerDetail': '{status}, {words}, {similarity} % alike',
  'crawlers.words': { one: '{count} word', other: '{count} words' },
  'crawlers.notFetched': 'not fetched',
  'crawlers.note':
    'Blocking training crawlers is a legitimate choice and costs nothing here. Blocking AI search and user agents keeps the site out of AI answers.',
  'crawlers.probeNote':
    'These answers come from requests sent with each agent\'s User-Agent from Citable\'s own address: a user-agent probe cannot see rules that verify crawlers by IP address, so "OK" here does not prove the real crawler is let in.',
  'purpose.search': 'AI search',
  'purpose.user': 'Fetches for a user',
  'purpose.training': 'Model training',
  'purpose.archive': 'Archive',
  'purpose.coding_agent': 'Coding agent',
  'purpose.agentic_browser': 'Agentic browser',
  'served.ok': 'OK',
  'served.blocked': 'Blocked',
  'served.payment_required': 'Asked to pay',
  'served.challenge': 'Challenged',
  'served.rate_limited': 'Rate limited',
  'served.redirected_away': 'Redirected away',
  'served.different_content': 'Different content',
  'served.error': 'Error',

  // llms.txt
  'llms.valid': 'Valid',
  'llms.hasProblems': 'Has problems',
  'llms.missing': 'Missing',
  'llms.unreadable': 'Unreadable',
  'llms.presentText': 'The site publishes an llms.txt file: a short guide to its content for AI engines.',
  'llms.missingText': 'The site has no llms.txt file (a short guide to its content for AI engines).',
  'llms.errorText': 'The llms.txt file could not be read.',

  // WebMCP
  'webmcp.detected': 'Detected',
  'webmcp.not_found': 'Not found',
  'webmcp.inconclusive': 'Inconclusive',
  'webmcp.detectedText': 'The site offers tools that AI agents in the browser can call (WebMCP).',
  'webmcp.notFoundText': 'No WebMCP tools were found: AI agents in the browser have no site-made tools to call here.',
  'webmcp.inconclusiveText': 'Some scripts could not be checked, so WebMCP tools may exist that were not seen.',
  'webmcp.tools': 'Tools:',
  'webmcp.scriptsChecked': 'Scripts checked: {scanned} of {total}.',

  // Agent discovery
  'agents.notChecked': 'Not checked: this audit was made before agent discovery.',
  'agents.noneFound': 'None of the files AI agents look for to discover services (MCP, A2A, API catalogs, OAuth metadata) was found.',
  'agents.someFound': {
    one: '{found} of the {count} files AI agents look for to discover services was found.',
    other: '{found} of the {count} files AI agents look for to discover services were found.',
  },
  'agents.file': 'File',
  'agents.status': 'Status',
  'agents.where': 'Where',
  'agents.moreNotPublished': '{count} more not published.',
  'agentKind.mcp_server_card': 'MCP server card',
  'agentKind.a2a_agent_card': 'A2A agent card',
  'agentKind.ai_catalog': 'AI catalog',
  'agentKind.agent_skills': 'Agent skills',
  'agentKind.api_catalog': 'API catalog (RFC 9727)',
  'agentKind.oauth_protected_resource': 'OAuth protected resource (RFC 9728)',
  'agentKind.oauth_authorization_server': 'OAuth authorization server (RFC 8414)',
  'agentKind.web_bot_auth': 'Web Bot Auth key directory',
  'agentStatus.found': 'Found',
  'agentStatus.invalid': 'Invalid',
  'agentStatus.not_found': 'Not found',
  'agentStatus.error': 'Could not be read',

  // Checks that could not run
  'ruleErrors.note': {
    one: '{count} check could not run, so it counts as failed.',
    other: '{count} checks could not run, so they count as failed.',
  },

  // Rendering
  'rendering.noText': 'Neither version of the page has text.',
  'rendering.allText': 'The server HTML holds all the text the rendered page shows.',
  'rendering.share': 'The server HTML holds {share} % of the words the rendered page shows: {missing} appear only after JavaScript.',
  'rendering.titleChanges': 'The title changes after JavaScript runs.',
  'rendering.engine': 'Rendered by {engine} in {ms} ms',
  'rendering.words': 'Words',
  'rendering.links': 'Links',
  'rendering.jsonLd': 'JSON-LD blocks',
  'rendering.title': 'Title',
  'rendering.serverHtml': 'Server HTML',
  'rendering.rendered': 'Rendered',
  'rendering.missed': 'Missed without JavaScript',
  'rendering.none': '(none)',

  // Site audits
  'crawl.queued': 'This site audit has not started yet: the figures below are empty until it runs.',
  'crawl.running': 'This site audit is still running: the figures below cover the pages audited so far.',
  'crawl.cancelled': 'This site audit was cancelled: the figures below cover the pages audited before that.',
  'crawl.failed': 'This site audit failed.',
  'crawl.failedWith': 'This site audit failed: {error}',
  'crawl.scoreNote': 'The site score is the average score of the audited pages.',
  'crawl.expiredAudits': {
    one: 'The full audit of {count} page expired (the retention period removed it); its score and issues remain here.',
    other: 'The full audits of {count} pages expired (the retention period removed them); their scores and issues remain here.',
  },
  'crawl.pagesAudited': { one: 'page audited', other: 'pages audited' },
  'crawl.pagesFound': { one: 'page found', other: 'pages found' },
  'crawl.pagesFailed': { one: 'could not be read', other: 'could not be read' },
  'crawl.pagesSkipped': { one: 'skipped', other: 'skipped' },
  'crawl.pages': { one: '{count} page', other: '{count} pages' },
  'crawl.issue': 'Issue',
  'crawl.severity': 'Severity',
  'crawl.pagesAffected': 'Pages affected',
  'crawl.examplePages': 'Example pages',
  'crawl.andMore': 'and {count} more',
  'crawl.templatesNote': 'Pages grouped by the pattern of their URL: a fix to a template fixes all its pages.',
  'crawl.pagesLike': 'Pages like',
  'crawl.pagesColumn': 'Pages',
  'crawl.score': 'Score',
  'crawl.page': 'Page',
  'crawl.http': 'HTTP',
  'crawl.critical': 'Critical',
  'crawl.auditExpired': '(audit expired)',
  'crawl.yes': 'yes',
  'crawl.sitemaps': 'Sitemaps:',

  // AI crawler traffic from the site's logs
  'traffic.title': 'AI crawlers in the server logs',
  'traffic.intro': {
    one: "From {since} to {until}, the site's server logs show {count} request from AI crawlers.",
    other: "From {since} to {until}, the site's server logs show {count} requests from AI crawlers.",
  },
  'traffic.introVisits': {
    one: 'Answer engines sent {count} visitor to the site.',
    other: 'Answer engines sent {count} visitors to the site.',
  },
  'traffic.meaningRefused':
    "The site refused {share} of the AI crawlers' requests (an error or a block): what a crawler cannot read, an answer engine cannot use or cite.",
  'traffic.meaningSpoofed':
    "{share} of the requests used an AI crawler's name from addresses its operator does not use: they come from someone else, so blocking them costs the site no AI visibility.",
  'traffic.meaningNotFetched': {
    one: 'AI crawlers read the site, but {count} audited page was not fetched by any of them: an answer engine cannot cite a page it has not read, so link to it from pages they do fetch and list it in the sitemap.',
    other:
      'AI crawlers read the site, but {count} audited pages were not fetched by any of them: an answer engine cannot cite a page it has not read, so link to them from pages they do fetch and list them in the sitemap.',
  },
  'traffic.meaningReferrals': {
    one: 'AI crawlers read the site and answer engines already send people to it ({count} visit): the pages they land on are worth keeping accurate and easy to read.',
    other:
      'AI crawlers read the site and answer engines already send people to it ({count} visits): the pages they land on are worth keeping accurate and easy to read.',
  },
  'traffic.meaningNoReferrals':
    'AI crawlers read the site, but no one arrived from an answer engine in this period: being read is the first step, being cited in answers the next.',
  'traffic.meaningReferralsOnly': {
    one: 'No AI crawler request is in the logs for this period, yet answer engines sent {count} visitor: check that the logs cover the whole site.',
    other:
      'No AI crawler request is in the logs for this period, yet answer engines sent {count} visitors: check that the logs cover the whole site.',
  },
  'traffic.chartDescription': {
    one: 'AI crawler requests per day from {since} to {until}: {count} in all; the busiest day was {busiest} with {busiestHits}. By purpose: {purposes}.',
    other:
      'AI crawler requests per day from {since} to {until}: {count} in all; the busiest day was {busiest} with {busiestHits}. By purpose: {purposes}.',
  },
  'traffic.status2xx': 'served (2xx)',
  'traffic.status3xx': 'redirected (3xx)',
  'traffic.status4xx': 'refused or missing (4xx)',
  'traffic.status5xx': 'server errors (5xx)',
  'traffic.agent': 'Agent',
  'traffic.requests': 'Requests',
  'traffic.verified': 'Verified',
  'traffic.spoofed': 'Spoofed',
  'traffic.refused': 'Refused',
  'traffic.agentsNote':
    "Verified: from the addresses the operator publishes for its crawler. Spoofed: the crawler's name from other addresses. Refused: answered with an error (4xx or 5xx).",
  'traffic.referralsTitle': 'Visitors from answer engines',
  'traffic.noReferrals': 'No visitor arrived from an answer engine in this period.',
  'traffic.engine': 'Answer engine',
  'traffic.visits': 'Visits',
  'traffic.landingPages': 'Pages they landed on',
  'traffic.notFetchedTitle': 'Audited pages no AI crawler fetched',
  'traffic.notFetchedIntro': {
    one: '{count} of the {total} audited pages was not fetched by any AI crawler in this period:',
    other: '{count} of the {total} audited pages were not fetched by any AI crawler in this period:',
  },
  'traffic.allFetched': 'Every audited page was fetched by at least one AI crawler in this period.',

  // Fixes
  'fixes.intro': {
    one: '{count} fix to put on the site, each shown under the issue it fixes.',
    other: '{count} fixes to put on the site, each shown under the issue it fixes.',
  },
  'fixes.download': 'Download every fix as one archive (.zip)',
  'fix.title': 'Fix: {title}',
  'fix.file': 'publish at {path}',
  'fix.snippet': 'add to the <head> of {path}',
  'fix.config': 'server or CDN example',
  'fix.fixes': 'Fixes',
  'fix.inArchive': '{kb} KB: in the archive of every fix.',

  // A dead share link
  'gone.title': 'This report link no longer works',
  'gone.body': 'The link was revoked, has expired or never existed, so the report it pointed to cannot be shown.',
  'gone.askAgency': 'Ask {name} for a new link to the report.',
  'gone.askSender': 'Ask whoever sent it to you for a new link to the report.',
} as const satisfies Record<string, Message>;
