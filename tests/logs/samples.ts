/**
 * Real-shaped access log lines, written for these tests (the shapes follow the nginx, Apache, Cloudflare and
 * CloudFront documentation; the addresses are the operators' published ranges, documentation ranges, or made up).
 */
export const UA = {
  gptbot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.3; +https://openai.com/gptbot)',
  chatgptUser: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  googlebot:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  claudebot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  claudeCode: 'Claude-User (claude-code/2.1.92; +https://support.anthropic.com/)',
  perplexity: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

/** An nginx `combined` line. */
export function nginx(ip: string, time: string, request: string, status: number, referer: string, ua: string): string {
  return `${ip} - - [${time}] "${request}" ${status} 1234 "${referer}" "${ua}"`;
}

export const NGINX_LINES = [
  nginx('20.171.206.12', '01/Aug/2026:10:00:00 +0200', 'GET /blog/cold-brew?ref=x HTTP/1.1', 200, '-', UA.gptbot),
  nginx('66.249.66.1', '01/Aug/2026:10:00:01 +0200', 'GET /blog/cold-brew HTTP/2.0', 200, '-', UA.googlebot),
  nginx('203.0.113.7', '01/Aug/2026:10:00:02 +0200', 'GET /pricing HTTP/2.0', 200, 'https://chatgpt.com/', UA.firefox),
  nginx('203.0.113.8', '01/Aug/2026:10:00:03 +0200', 'GET /docs/start?utm_source=chatgpt.com HTTP/2.0', 200, '-', UA.chrome),
  nginx('203.0.113.9', '01/Aug/2026:10:00:04 +0200', 'GET /static/app.js HTTP/2.0', 200, 'https://www.example.com/pricing', UA.chrome),
];
