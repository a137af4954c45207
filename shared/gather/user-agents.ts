/** The user agents gather fetches the page with: a browser, an AI search crawler, a user-triggered AI agent. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Citable/0.1 (+https://citable.dev/bot)';
export const SEARCH_AGENT = {
  token: 'OAI-SearchBot',
  userAgent:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot',
};
export const USER_AGENT_AGENT = {
  token: 'ChatGPT-User',
  userAgent:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
};
export const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
