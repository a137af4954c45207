/** The robots.txt fix as a file: the site's own file changed only where the policy says (robots/fix-robots.ts). */
import { fixRobotsTxt, ROBOTS_MARK, type RobotsFixResult } from '../robots/fix-robots.js';
import { robotsFixProblems } from '../robots/check-robots-fix.js';
import type { FixPolicy } from '../types.js';
import type { FixBody, GenerateContext } from './context.js';

const POLICY_WORDS: Record<FixPolicy, string> = {
  'keep-training-choices': 'Training crawlers are left exactly as the site chose.',
  'allow-all': 'Training and archive crawlers are let in too (policy allow-all).',
  'block-training': 'Training crawlers and the Common Crawl archive are kept out (policy block-training).',
};

const CHECKED_BELOW_CHARS = 64 * 1024;

/** What a site with no usable robots.txt publishes: everything open, then whatever the policy adds. */
const FRESH = `${ROBOTS_MARK}Written by Citable: every crawler may read the whole site.\nUser-agent: *\nAllow: /\n`;

export function robotsFile(ctx: GenerateContext): FixBody | null {
  const source = ctx.inputs.robots;
  const wantsSitemap = ctx.planned.rules.includes('sitemap.in-robots') || source.state !== 'text';
  const options = { policy: ctx.policy, paths: ctx.robotsPaths, sitemap: wantsSitemap ? ctx.inputs.sitemapUrl : null };
  const base = source.state === 'text' ? source.text : FRESH;
  const result = fixRobotsTxt(base, options);
  // A choice no rule asks for (block-training) that the file already makes: nothing to offer.
  if (!ctx.planned.rules.length && source.state === 'text' && !result.changes.length) return null;
  // The check re-reads both files for every agent: worth it on ordinary files, left to the tests on huge ones.
  const problems = base.length <= CHECKED_BELOW_CHARS ? robotsFixProblems(base, result, options) : [];
  let content = result.content;
  if (source.state === 'text' && source.truncated) {
    content += `${ROBOTS_MARK}The file was longer than Citable reads (1 MB): append the rest of your current file here, unchanged.\n`;
  }
  return {
    title: 'robots.txt',
    media_type: 'text/plain; charset=utf-8',
    content,
    explanation: [
      whatItIs(source),
      ...changesOf(result, source.state === 'text'),
      POLICY_WORDS[ctx.policy],
      ...notUnderstood(result),
      ...problems.map((p) => `Check: ${p}.`),
    ]
      .filter(Boolean)
      .join(' '),
    preview: null,
  };
}

function whatItIs(source: GenerateContext['inputs']['robots']): string {
  switch (source.state) {
    case 'text':
      return 'Your robots.txt with only what the policy asks changed; every other line is as you wrote it, and replaced lines stay as "# [citable]" comments.';
    case 'missing':
      return 'The site has no robots.txt: this one lets every crawler in.';
    case 'unusable':
      return `The current /robots.txt cannot be used (${source.reason}): publish this plain-text file there instead.`;
    case 'unknown':
      return `Citable could not read your robots.txt now (${source.reason}): compare this with your current file before publishing it.`;
  }
}

function changesOf(result: RobotsFixResult, own: boolean): string[] {
  const out = result.changes.length || !own ? [...result.changes] : ['Nothing needed changing for the policy.'];
  if (result.bomRemoved) out.push('The byte order mark at the start was removed: some crawlers read it as part of the first line.');
  return out;
}

function notUnderstood(result: RobotsFixResult): string[] {
  const lines = result.notUnderstood;
  if (!lines.length) return [];
  const shown = lines.slice(0, 10).join(', ') + (lines.length > 10 ? ` and ${lines.length - 10} more` : '');
  return [
    `Kept as written though crawlers ignore or do not know ${lines.length === 1 ? 'it' : 'them'}: line${lines.length === 1 ? '' : 's'} ${shown}; fix or remove them yourself.`,
  ];
}
