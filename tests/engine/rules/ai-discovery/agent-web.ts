/** A docs page whose Markdown versions vary, for the Markdown and WebMCP rule tests. */
import { resource, snapshot } from '../../../helpers/snapshot.js';
import type { Snapshot } from '../../../../shared/types/index.js';

export const URL_ = 'https://example.com/docs/intro';
export const HTML = '<!doctype html><html lang="en"><head><title>Intro</title></head><body><p>Words.</p></body></html>';
export const md = (url: string, headers: Record<string, string> = {}, body = '# Intro\n\nWords.\n') =>
  resource(url, body, { headers: { 'content-type': 'text/markdown; charset=utf-8', ...headers } });
const notMarkdown = resource(URL_, HTML);
export const site = (over: Partial<Snapshot> = {}, html = HTML) => snapshot(html, { requestedUrl: URL_, markdown: notMarkdown, ...over });
export const ALTERNATE =
  '<!doctype html><html lang="en"><head><title>Intro</title><link rel="alternate" type="text/markdown" href="/md/intro"></head><body><p>Words.</p></body></html>';
