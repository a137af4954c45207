import { describe, expect, it } from 'vitest';
import { detectBuilder } from '../../../shared/builder/detect.js';
import { contextFor } from './context.js';

const page = (head: string, body = '<p>Hello</p>') =>
  `<!doctype html><html lang="en"><head><title>T</title>${head}</head><body>${body}</body></html>`;

describe('generator meta alone', () => {
  const cases: Array<[string, string]> = [
    ['Wix.com Website Builder', 'Wix'],
    ['Webflow', 'Webflow'],
    ['WordPress 6.6.2', 'WordPress'],
    ['WordPress.com', 'WordPress'],
    ['Elementor 3.24.5; features: e_font_icon_svg', 'WordPress'],
    ['WooCommerce 9.3.3', 'WordPress'],
    ['Framer 6bbae76', 'Framer'],
    ['Ghost 5.96', 'Ghost'],
    ['HubSpot', 'HubSpot CMS'],
    ['Starfield Technologies; Go Daddy Website Builder 8.0.0000', 'GoDaddy'],
    ['Bubble', 'Bubble'],
    ['Hugo 0.134.2', 'Hugo'],
    ['Gatsby 5.13.7', 'Gatsby'],
    ['Astro v4.15.9', 'Astro'],
    ['Starlight v0.28.2', 'Astro'],
    ['Docusaurus v3.5.2', 'Docusaurus'],
    ['Drupal 10 (https://www.drupal.org)', 'Drupal'],
    ['Joomla! - Open Source Content Management', 'Joomla'],
    ['Webnode 2', 'Webnode'],
    ['Hostinger Website Builder', 'Hostinger Website Builder'],
    ['Mobirise v5.9.13, mobirise.com', 'Mobirise'],
    ['Jekyll v4.3.4', 'Jekyll'],
    ['Eleventy v3.0.0', 'Eleventy'],
    ['VitePress v1.4.1', 'VitePress'],
    ['mkdocs-1.6.1, mkdocs-material-9.5.39', 'MkDocs'],
    ['blogger', 'Blogger'],
    ['TYPO3 CMS', 'TYPO3'],
    ['GitBook', 'GitBook'],
  ];
  for (const [generator, builder] of cases) {
    it(`"${generator}" → ${builder}`, () => {
      expect(detectBuilder(contextFor(page(`<meta name="generator" content="${generator}">`)))).toBe(builder);
    });
  }

  it('an unrelated generator is Unknown', () => {
    expect(detectBuilder(contextFor(page('<meta name="generator" content="Microsoft Word 15">')))).toBe('Unknown');
  });
});

describe('response headers alone', () => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ 'x-wix-request-id': '1712345678.123' }, 'Wix'],
    [{ server: 'Squarespace' }, 'Squarespace'],
    [{ 'x-powered-by': 'Next.js' }, 'Next.js'],
    [{ 'x-nextjs-cache': 'HIT' }, 'Next.js'],
    [{ vary: 'RSC, Next-Router-State-Tree, Next-Router-Prefetch' }, 'Next.js'],
    [{ 'x-shopid': '61234567890' }, 'Shopify'],
    [{ 'powered-by': 'Shopify' }, 'Shopify'],
    [{ link: '<https://blog.example.com/wp-json/>; rel="https://api.w.org/"' }, 'WordPress'],
    [{ 'x-pingback': 'https://blog.example.com/xmlrpc.php' }, 'WordPress'],
    [{ 'x-ghost-cache-status': 'MISS' }, 'Ghost'],
    [{ 'x-hs-hub-id': '21234567' }, 'HubSpot CMS'],
    [{ 'x-bubble-capacity-used': '0' }, 'Bubble'],
    [{ 'x-jimdo-wid': 's4f1e9c2a' }, 'Jimdo'],
    [{ 'x-drupal-cache': 'HIT' }, 'Drupal'],
    [{ 'x-powered-by': 'Craft CMS' }, 'Craft CMS'],
  ];
  for (const [headers, builder] of cases) {
    it(`${JSON.stringify(headers)} → ${builder}`, () => {
      expect(detectBuilder(contextFor(page(''), { headers }))).toBe(builder);
    });
  }

  it('generic hosting headers say nothing', () => {
    const headers = { server: 'Vercel', 'x-vercel-cache': 'HIT', 'cf-ray': '8c1a-IAD', 'x-powered-by': 'Express' };
    expect(detectBuilder(contextFor(page(''), { headers }))).toBe('Unknown');
  });
});

describe('cookies', () => {
  const withCookies = (cookies: string[]) => contextFor(page(''), { headers: { 'set-cookie': cookies.join('\n') } });

  it('Shopify and GoDaddy session cookies identify their builder, among other cookies', () => {
    expect(detectBuilder(withCookies(['localization=US; path=/', '_shopify_y=4d1f; Path=/; Max-Age=31536000']))).toBe('Shopify');
    expect(detectBuilder(withCookies(['dps_site_id=us-west-2; path=/; secure']))).toBe('GoDaddy');
    expect(detectBuilder(withCookies(['wordpress_test_cookie=WP%20Cookie%20check; path=/']))).toBe('WordPress');
  });

  it('NEXT_LOCALE alone is not enough, with Next.js assets it is', () => {
    expect(detectBuilder(withCookies(['NEXT_LOCALE=en; Path=/']))).toBe('Unknown');
    const ctx = contextFor(page('<script src="/_next/static/chunks/main-1a2b.js"></script>'), {
      headers: { 'set-cookie': 'NEXT_LOCALE=en; Path=/' },
    });
    expect(detectBuilder(ctx)).toBe('Next.js');
  });

  it('a cookie value that merely contains a builder name does not count', () => {
    expect(detectBuilder(withCookies(['theme=_shopify_y; path=/']))).toBe('Unknown');
  });
});

describe('the page host', () => {
  const cases: Array<[string, string]> = [
    ['https://jane.wixsite.com/portfolio', 'Wix'],
    ['https://north-fork-coffee.myshopify.com/', 'Shopify'],
    ['https://sites.google.com/view/oakridge-robotics', 'Google Sites'],
    ['https://reading-group.notion.site/Handbook', 'Notion'],
    ['https://miraokafor.carrd.co/', 'Carrd'],
    ['https://ledgerline.webflow.io/', 'Webflow'],
    ['https://the-wrench.ghost.io/', 'Ghost'],
    ['https://shiftboard.bubbleapps.io/', 'Bubble'],
    ['https://brightpaws.godaddysites.com/', 'GoDaddy'],
    ['https://physio-berger.jimdosite.com/', 'Jimdo'],
  ];
  for (const [url, builder] of cases) {
    it(`${url} → ${builder}`, () => {
      expect(detectBuilder(contextFor(page(''), { url }))).toBe(builder);
    });
  }

  it('a look-alike domain is not the builder', () => {
    expect(detectBuilder(contextFor(page(''), { url: 'https://notwixsite.com/' }))).toBe('Unknown');
    expect(detectBuilder(contextFor(page(''), { url: 'https://myshopify.com.example.net/' }))).toBe('Unknown');
  });
});

describe('HTML markers', () => {
  it('Webflow attributes on <html> are enough', () => {
    const html = '<html data-wf-page="6521f3a9" data-wf-site="6521f3a8"><head><title>x</title></head><body></body></html>';
    expect(detectBuilder(contextFor(html))).toBe('Webflow');
  });

  it('Squarespace and Framer comments are enough', () => {
    expect(
      detectBuilder(contextFor(`<!doctype html><html><head><!-- This is Squarespace. --><!-- site --></head><body></body></html>`)),
    ).toBe('Squarespace');
    expect(detectBuilder(contextFor(`<!doctype html><!-- Made in Framer · framer.com ✨ --><html><head></head><body></body></html>`))).toBe(
      'Framer',
    );
  });

  it('Next.js App Router flight data and an <astro-island> are enough', () => {
    expect(detectBuilder(contextFor(page('', '<p>x</p><script>(self.__next_f=self.__next_f||[]).push([0])</script>')))).toBe('Next.js');
    expect(detectBuilder(contextFor(page('', '<astro-island uid="a1" component-url="/c.js"></astro-island>')))).toBe('Astro');
  });

  it('a weak signal alone is not enough', () => {
    expect(detectBuilder(contextFor(page('', '<img src="https://images.squarespace-cdn.com/content/v1/a/b.jpg" alt="">')))).toBe('Unknown');
    expect(detectBuilder(contextFor(page('<script src="//js.hs-scripts.com/1234.js"></script>')))).toBe('Unknown');
  });

  it('an empty or failed page is Unknown', () => {
    expect(detectBuilder(contextFor(''))).toBe('Unknown');
  });
});
