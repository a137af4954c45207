import { GOOD, SPECIFICITY, code, comment, generator, host, html, htmlAttr, image, type Fingerprint } from '../signal.js';

/** Further hosted builders and publishing platforms whose static signals are clear. */
export const MORE_HOSTED_BUILDERS: readonly Fingerprint[] = [
  {
    // Notion's own sites and the Notion-backed site builders (Super.so) are built on Next.js; they still are Notion sites.
    name: 'Notion',
    specificity: SPECIFICITY.hosted,
    signals: [
      htmlAttr('class', /(^|\s)notion-html(\s|$)/),
      host('notion.site'),
      code('super-static-assets'),
      code('.super.so/', GOOD),
      html('super-root', GOOD),
      html('notion-root', GOOD),
      host('super.site'),
    ],
  },
  {
    name: 'Tilda',
    specificity: SPECIFICITY.hosted,
    signals: [
      comment(/Tilda copyright/i),
      code('tildacdn.com'),
      image('tildacdn.com'),
      html('data-tilda-project-id'),
      html('id="allrecords"', GOOD),
      host('tilda.ws'),
    ],
  },
  {
    name: 'Strikingly',
    specificity: SPECIFICITY.hosted,
    signals: [
      comment(/Powered by Strikingly/i),
      code('strikinglycdn.com'),
      image('strikinglycdn.com'),
      host('mystrikingly.com'),
      host('strikingly.com'),
    ],
  },
  {
    name: 'Webnode',
    specificity: SPECIFICITY.hosted,
    signals: [generator(/^Webnode\b/i), host('webnode.page'), host('webnode.com')],
  },
  {
    name: 'Hostinger Website Builder',
    specificity: SPECIFICITY.hosted,
    signals: [generator(/Hostinger Website Builder|^Zyro\b/i), code('zyrosite.com'), image('zyrosite.com'), host('zyrosite.com')],
  },
  {
    name: 'Softr',
    specificity: SPECIFICITY.hosted,
    signals: [code('softr-files.com'), image('softr-files.com'), host('softr.app')],
  },
  {
    name: 'Durable',
    specificity: SPECIFICITY.hosted,
    signals: [code('cdn.durable.co', GOOD), image('cdn.durable.co'), host('durable.co')],
  },
  {
    name: 'Dorik',
    specificity: SPECIFICITY.hosted,
    signals: [code('cdn.dorik.com', GOOD), image('cdn.dorik.com'), host('dorik.io')],
  },
  {
    name: 'Mobirise',
    specificity: SPECIFICITY.hosted,
    signals: [generator(/^Mobirise\b/i)],
  },
  {
    name: 'GitBook',
    specificity: SPECIFICITY.hosted,
    signals: [generator(/^GitBook\b/i), host('gitbook.io')],
  },
  {
    name: 'Substack',
    specificity: SPECIFICITY.hosted,
    signals: [code('substackcdn.com'), image('substackcdn.com'), host('substack.com')],
  },
  {
    name: 'Blogger',
    specificity: SPECIFICITY.hosted,
    signals: [generator(/^Blogger$/i), code('www.blogger.com/static/', GOOD), code('www.blogger.com/dyn-css/', GOOD), host('blogspot.com')],
  },
  {
    name: 'BigCommerce',
    specificity: SPECIFICITY.hosted,
    signals: [
      // Stencil theme assets live under /s-<store hash>/ on the BigCommerce CDN.
      code('.bigcommerce.com/s-'),
      image('.bigcommerce.com/s-'),
      html('BCData', GOOD),
      host('mybigcommerce.com'),
    ],
  },
];
