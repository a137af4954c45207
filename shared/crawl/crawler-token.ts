/** The product token of Citable's crawler (docs/api-decisions.md#crawls): in its user agent, and the robots.txt group it obeys (else `*`). */
export const CRAWLER_TOKEN = 'Citable';
