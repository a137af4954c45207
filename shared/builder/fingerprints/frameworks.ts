import {
  GOOD,
  SPECIFICITY,
  WEAK,
  bodyAttr,
  code,
  comment,
  cookie,
  generator,
  header,
  html,
  image,
  linkHref,
  root,
  tag,
  type Fingerprint,
} from '../signal.js';

/** Static-site and documentation generators: more specific than the app frameworks some are built on. */
export const SITE_GENERATORS: readonly Fingerprint[] = [
  {
    name: 'Docusaurus',
    specificity: SPECIFICITY.siteGenerator,
    signals: [
      generator(/^Docusaurus\b/i),
      html('id="__docusaurus"'),
      html('__docusaurus_skipToContent_fallback', GOOD),
      code('/assets/js/runtime~main.', GOOD),
    ],
  },
  {
    name: 'Gatsby',
    specificity: SPECIFICITY.siteGenerator,
    signals: [
      generator(/^Gatsby\b/i),
      root('___gatsby'),
      html('gatsby-inlined-css'),
      html('gatsby-focus-wrapper', GOOD),
      html('gatsby-image-wrapper', WEAK),
      linkHref('/page-data/app-data.json'),
      code('/page-data/', GOOD),
    ],
  },
  {
    name: 'Astro',
    specificity: SPECIFICITY.siteGenerator,
    signals: [
      generator(/^(Astro|Starlight)\b/i),
      tag('astro-island'),
      // Astro's build directory: no other tool writes /_astro/ (images can be hot-linked, code is not).
      code('/_astro/'),
      image('/_astro/'),
      html('data-astro-cid-', GOOD),
    ],
  },
  {
    name: 'Hugo',
    specificity: SPECIFICITY.siteGenerator,
    // Hugo-only themes that write their own generator instead of Hugo's.
    signals: [generator(/^Hugo\b/i), generator(/^(Source Themes Academic|Wowchemy)\b/i)],
  },
  {
    name: 'Jekyll',
    specificity: SPECIFICITY.siteGenerator,
    signals: [generator(/^Jekyll\b/i), comment(/Begin Jekyll SEO tag/i)],
  },
  { name: 'Eleventy', specificity: SPECIFICITY.siteGenerator, signals: [generator(/^Eleventy\b/i)] },
  { name: 'Hexo', specificity: SPECIFICITY.siteGenerator, signals: [generator(/^Hexo\b/i)] },
  { name: 'MkDocs', specificity: SPECIFICITY.siteGenerator, signals: [generator(/^mkdocs\b/i)] },
  {
    name: 'VitePress',
    specificity: SPECIFICITY.siteGenerator,
    signals: [generator(/^VitePress\b/i), html('__VP_HASH_MAP__'), html('__VP_SITE_DATA__')],
  },
];

/** Application frameworks: the least specific answer, given only when nothing built on top of them shows. */
export const APP_FRAMEWORKS: readonly Fingerprint[] = [
  {
    name: 'Next.js',
    specificity: SPECIFICITY.appFramework,
    signals: [
      generator(/^Next\.js\b/i),
      html('__NEXT_DATA__'),
      // App Router flight data.
      html('self.__next_f'),
      code('/_next/static/', GOOD),
      image('/_next/image'),
      root('__next', GOOD),
      header('x-powered-by', /Next\.js/i),
      header('x-nextjs-cache'),
      header('x-nextjs-prerender'),
      header('x-nextjs-stale-time'),
      header('vary', /Next-Router-State-Tree/i),
      cookie('NEXT_LOCALE', GOOD),
    ],
  },
  {
    name: 'Nuxt',
    specificity: SPECIFICITY.appFramework,
    signals: [
      root('__nuxt'),
      html('window.__NUXT__'),
      html('__NUXT_DATA__'),
      // Nuxt's build directory (buildAssetsDir): enough alone, as a page may show nothing else.
      code('/_nuxt/'),
      html('data-n-head', GOOD),
      header('x-powered-by', /Nuxt/i),
    ],
  },
  {
    name: 'SvelteKit',
    specificity: SPECIFICITY.appFramework,
    signals: [html('__sveltekit_'), bodyAttr('data-sveltekit-preload-data'), code('/_app/immutable/', GOOD)],
  },
  {
    name: 'Remix',
    specificity: SPECIFICITY.appFramework,
    signals: [html('__remixContext'), html('__remixManifest')],
  },
  {
    name: 'Angular',
    specificity: SPECIFICITY.appFramework,
    signals: [html('ng-version="'), html('ng-server-context', GOOD)],
  },
];
