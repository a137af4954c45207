/**
 * The demo site of `citable demo` (`npm run demo`): a small, realistic bakery site that a new user can
 * audit offline. Several pages with their own JSON-LD, robots.txt (blocking a training-only crawler: a
 * notice, never a penalty), llms.txt, a sitemap with lastmod, and two deliberate faults so the report has
 * something to say: an image without alt text on the home page, and no llms-full.txt.
 * Every link is relative: the site works on whatever port it is served.
 */

export interface DemoFile {
  type: string;
  /** The body, with `{origin}` standing for the site's origin (http://127.0.0.1:PORT). */
  body: string;
}

const UPDATED = '2026-11-02';

function page(options: { title: string; description: string; path: string; jsonLd: object; body: string }): DemoFile {
  return {
    type: 'text/html; charset=utf-8',
    body: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
<meta name="description" content="${options.description}">
<link rel="canonical" href="{origin}${options.path}">
<meta property="og:type" content="website">
<meta property="og:title" content="${options.title}">
<meta property="og:description" content="${options.description}">
<meta property="og:url" content="{origin}${options.path}">
<meta property="og:image" content="{origin}/images/loaves.jpg">
<meta name="twitter:card" content="summary_large_image">
<script type="application/ld+json">${JSON.stringify(options.jsonLd)}</script>
</head>
<body>
<header>
<nav aria-label="Main"><a href="/">Home</a> <a href="/breads">Our breads</a> <a href="/blog/sourdough-starter">Journal</a> <a href="/about">About us</a> <a href="/contact">Contact</a></nav>
</header>
<main>
${options.body}
</main>
<footer><p>Hearth &amp; Crumb, 14 rue des Fours, 69002 Lyon, France. Open Tuesday to Sunday, 7:00 to 19:00.</p></footer>
</body>
</html>
`,
  };
}

const organization = {
  '@type': 'Bakery',
  '@id': '{origin}/#bakery',
  name: 'Hearth & Crumb',
  url: '{origin}/',
  logo: '{origin}/images/logo.png',
  telephone: '+33 4 78 00 00 00',
  address: {
    '@type': 'PostalAddress',
    streetAddress: '14 rue des Fours',
    addressLocality: 'Lyon',
    postalCode: '69002',
    addressCountry: 'FR',
  },
  openingHours: 'Tu-Su 07:00-19:00',
  sameAs: ['https://www.instagram.com/hearth.and.crumb.example', 'https://www.openstreetmap.org/node/0000000000'],
};

const paragraph = (text: string) => `<p>${text}</p>`;

export const DEMO_FILES: Readonly<Record<string, DemoFile>> = {
  '/': page({
    title: 'Hearth & Crumb: sourdough bakery in Lyon',
    description:
      'Naturally leavened sourdough, rye and seasonal loaves baked every morning in our wood-fired oven in Lyon. Order ahead or visit us.',
    path: '/',
    jsonLd: {
      '@context': 'https://schema.org',
      '@graph': [organization, { '@type': 'WebSite', name: 'Hearth & Crumb', url: '{origin}/', publisher: { '@id': '{origin}/#bakery' } }],
    },
    body: `<h1>Sourdough baked every morning in Lyon</h1>
${paragraph('Hearth &amp; Crumb is a small bakery in the Presqu’île. We bake naturally leavened bread in a wood-fired oven, from organic flour milled twenty kilometres away, and nothing leaves the oven before it has fermented for at least eighteen hours.')}
<img src="/images/loaves.jpg" width="1200" height="800">
<h2>What we bake</h2>
<ul>
<li>Country sourdough: wheat and a little rye, a dark crust and an open crumb.</li>
<li>Seeded rye: ninety per cent rye with sunflower and flax seeds, sliced thin.</li>
<li>Seasonal loaves: chestnut in autumn, wild garlic in spring.</li>
</ul>
${paragraph('Every loaf is shaped by hand and baked on the oven floor. We bake about two hundred loaves a day; when they are gone, we close the shop for the day.')}
<h2>Why does sourdough keep longer?</h2>
${paragraph('The long fermentation acidifies the dough. That slows the staling of the crumb and keeps moulds away, so a country loaf stays good for four or five days in a linen bag, and it toasts well for a few days more. Slow fermentation also breaks down part of the gluten and the phytic acid in the flour, which many of our customers find easier to digest than bread made with commercial yeast in two hours.')}
${paragraph('Keep the loaf cut side down on a board, never in the fridge, and freeze what you will not eat within three days: sliced first, so you can toast it straight from the freezer.')}
<h2>How do I order a loaf for tomorrow?</h2>
${paragraph('Call us or stop by before 17:00, and we set a loaf aside for you the next morning. Larger orders for restaurants and events need two days’ notice: see <a href="/contact">Contact</a>.')}
<h2>Where do you get your flour?</h2>
${paragraph('From the Moulin de la Vallée, a family mill in the Monts du Lyonnais that stone-grinds organic wheat and rye grown within fifty kilometres. Read more in <a href="/blog/sourdough-starter">our journal</a>.')}`,
  }),
  '/breads': page({
    title: 'Our breads: sourdough, rye and seasonal loaves | Hearth & Crumb',
    description:
      'The breads we bake every day in Lyon: country sourdough, seeded rye, baguette de tradition and a seasonal loaf, with their flours and prices.',
    path: '/breads',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: 'Our breads',
      itemListElement: ['Country sourdough', 'Seeded rye', 'Baguette de tradition'].map((name, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name,
      })),
    },
    body: `<h1>Our breads</h1>
${paragraph('Every bread here is naturally leavened, with no commercial yeast, and baked on the floor of our wood-fired oven.')}
<table>
<caption>Daily breads and prices</caption>
<thead><tr><th>Bread</th><th>Flour</th><th>Weight</th><th>Price</th></tr></thead>
<tbody>
<tr><td>Country sourdough</td><td>Wheat T80, rye T130</td><td>1 kg</td><td>€7.20</td></tr>
<tr><td>Seeded rye</td><td>Rye T130, seeds</td><td>800 g</td><td>€6.80</td></tr>
<tr><td>Baguette de tradition</td><td>Wheat T65</td><td>250 g</td><td>€1.40</td></tr>
</tbody>
</table>`,
  }),
  '/blog/sourdough-starter': page({
    title: 'How to keep a sourdough starter alive on holiday | Hearth & Crumb',
    description:
      'Our head baker explains how to feed, dry or freeze a sourdough starter so it survives two weeks without you, and how to revive it.',
    path: '/blog/sourdough-starter',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'How to keep a sourdough starter alive on holiday',
      author: { '@type': 'Person', name: 'Camille Roux', url: '{origin}/about' },
      datePublished: '2026-10-12',
      dateModified: UPDATED,
      publisher: { '@id': '{origin}/#bakery' },
      image: '{origin}/images/starter.jpg',
    },
    body: `<article>
<h1>How to keep a sourdough starter alive on holiday</h1>
<p>By <a href="/about" rel="author">Camille Roux</a>, head baker. Published <time datetime="2026-10-12">12 October 2026</time>, updated <time datetime="${UPDATED}">2 November 2026</time>.</p>
${paragraph('A starter is a colony of wild yeast and bacteria. Left alone at room temperature it eats its flour in a day or two, then turns sour and sluggish. Cold slows it down; drying stops it almost completely.')}
<h2>For a week or two: the fridge</h2>
${paragraph('Feed it a stiff meal, one part starter to five parts flour and three parts water, leave it out for an hour, then put it at the back of the fridge. It will be hungry but alive after two weeks.')}
<h2>For longer: dry it</h2>
${paragraph('Spread a thin layer on baking paper, let it dry completely for two days, crumble it and keep it in a jar. To revive it, soak a spoonful in water and feed it twice a day for three days.')}
${paragraph('The method follows the guidance of the <a href="https://www.kingarthurbaking.com/blog/2016/05/18/sourdough-starter-vacation">King Arthur Baking test kitchen</a>.')}
</article>`,
  }),
  '/about': page({
    title: 'About Hearth & Crumb: our bakers and our oven',
    description:
      'Who bakes your bread: Camille Roux and her team, a wood-fired oven built in 1921, and flour from a family mill near Lyon.',
    path: '/about',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'AboutPage',
      name: 'About Hearth & Crumb',
      mainEntity: { '@id': '{origin}/#bakery' },
    },
    body: `<h1>About us</h1>
${paragraph('Camille Roux trained in Paris and Copenhagen before taking over the oven at 14 rue des Fours in 2019. The oven was built in 1921 and still burns beech wood.')}`,
  }),
  '/contact': page({
    title: 'Contact Hearth & Crumb: orders, opening hours, address',
    description: 'Order bread ahead, ask about wholesale, or find us: 14 rue des Fours, Lyon, open Tuesday to Sunday from 7:00 to 19:00.',
    path: '/contact',
    jsonLd: { '@context': 'https://schema.org', '@type': 'ContactPage', name: 'Contact', mainEntity: { '@id': '{origin}/#bakery' } },
    body: `<h1>Contact</h1>
${paragraph('Phone: +33 4 78 00 00 00. Email: <a href="mailto:bonjour@hearth-and-crumb.example">bonjour@hearth-and-crumb.example</a>.')}`,
  }),
  '/robots.txt': {
    type: 'text/plain; charset=utf-8',
    body: `# Search and answer engines are welcome; we opt out of training crawls.
User-agent: *
Allow: /
Disallow: /admin/

User-agent: GPTBot
Disallow: /

Sitemap: {origin}/sitemap.xml
`,
  },
  '/sitemap.xml': {
    type: 'application/xml; charset=utf-8',
    body: `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${['/', '/breads', '/blog/sourdough-starter', '/about', '/contact'].map((p) => `  <url><loc>{origin}${p}</loc><lastmod>${UPDATED}</lastmod></url>`).join('\n')}
</urlset>
`,
  },
  '/llms.txt': {
    type: 'text/plain; charset=utf-8',
    body: `# Hearth & Crumb

> A sourdough bakery in Lyon, France: naturally leavened bread baked daily in a wood-fired oven.

Open Tuesday to Sunday, 7:00 to 19:00, at 14 rue des Fours, 69002 Lyon.

## Bakery

- [Our breads]({origin}/breads): the daily breads, their flours and prices
- [Contact]({origin}/contact): orders, wholesale, address and opening hours

## Journal

- [Keeping a starter alive on holiday]({origin}/blog/sourdough-starter): feeding, drying and reviving a sourdough starter
`,
  },
};
