/** The product token of Citable's crawler (contract section 10): in its user agent, and the robots.txt group it obeys (else `*`). */
export const CRAWLER_TOKEN = 'Citable';
