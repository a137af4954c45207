/**
 * Markdown delivery examples (kind `config`): each serves a page's `.md` twin to a request whose Accept header
 * asks for text/markdown, and sends Vary: Accept on both forms so caches keep them apart. The Worker is run
 * as written by the round-trip test (tests/fixes/round-trip.test.ts); the others are examples to adapt.
 */

export const NGINX_CONFIG = `# Markdown for agents (nginx, a site served from files).
# A request that accepts text/markdown gets the page's .md twin (/guide -> /guide.md,
# /docs/ -> /docs/index.html.md) when it exists, else the page; every answer varies on Accept.
# In the http block:
map $http_accept $citable_md {
    default "";
    "~*(^|,)\\s*text/markdown" ".md";
}

# In mime.types (which the http block includes), if it lacks the line: a types block of
# its own in the server or location would replace the whole map rather than add to it.
#     text/markdown    md;

# In the server block:
location / {
    add_header Vary Accept always;
    try_files $uri$citable_md $uri/index.html$citable_md $uri $uri/ =404;
}
`;

export const CLOUDFLARE_WORKER = `// Markdown for agents (Cloudflare Worker in front of the site).
// A GET that accepts text/markdown gets the page's .md twin from the origin (/guide -> /guide.md,
// /docs/ -> /docs/index.html.md) with x-markdown-tokens; every answer varies on Accept.
export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (request.method === 'GET' && wantsMarkdown(request.headers.get('accept')) && !url.pathname.endsWith('.md')) {
      const twin = new URL(url);
      twin.pathname = url.pathname.endsWith('/') ? url.pathname + 'index.html.md' : url.pathname + '.md';
      twin.search = '';
      const found = await fetch(new Request(twin.href, { headers: request.headers }));
      if (found.ok) {
        const text = await found.text();
        return new Response(text, {
          headers: {
            'content-type': 'text/markdown; charset=utf-8',
            vary: 'Accept',
            'x-markdown-tokens': String(Math.ceil(text.length / 4)),
          },
        });
      }
    }
    const response = await fetch(request);
    const answer = new Response(response.body, response);
    answer.headers.append('vary', 'Accept');
    return answer;
  },
};

function wantsMarkdown(accept) {
  return (accept || '').split(',').some((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return type.trim() === 'text/markdown' && (!q || Number(q.slice(2)) > 0);
  });
}
`;

export const NEXTJS_MIDDLEWARE = `// Markdown for agents (Next.js middleware.ts, the .md twins in public/). Next.js 16 names the file
// proxy.ts and the function proxy; the body is the same.
// A GET that accepts text/markdown gets the page's .md twin (/guide -> /guide.md,
// /docs/ -> /docs/index.html.md) with x-markdown-tokens; every answer varies on Accept.
import { NextResponse, type NextRequest } from 'next/server';

export async function middleware(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (request.method === 'GET' && wantsMarkdown(request.headers.get('accept')) && !pathname.endsWith('.md')) {
    const twin = request.nextUrl.clone();
    twin.pathname = pathname.endsWith('/') ? \`\${pathname}index.html.md\` : \`\${pathname}.md\`;
    twin.search = '';
    const found = await fetch(twin);
    if (found.ok) {
      const text = await found.text();
      return new NextResponse(text, {
        headers: {
          'content-type': 'text/markdown; charset=utf-8',
          vary: 'Accept',
          'x-markdown-tokens': String(Math.ceil(text.length / 4)),
        },
      });
    }
  }
  const response = NextResponse.next();
  response.headers.append('vary', 'Accept');
  return response;
}

function wantsMarkdown(accept: string | null): boolean {
  return (accept ?? '').split(',').some((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return type.trim() === 'text/markdown' && (!q || Number(q.slice(2)) > 0);
  });
}

export const config = { matcher: ['/((?!_next/|api/).*)'] };
`;
