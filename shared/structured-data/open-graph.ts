import type { JudgeContext } from '../judge/context.js';
import { firstMeta } from '../facts/page-facts.js';

/** The Open Graph and Twitter card tags of the page (what link previews and some answer engines show). */
export interface SocialMeta {
  og: Record<'title' | 'description' | 'image' | 'type' | 'url' | 'site_name', string | null>;
  twitterCard: string | null;
}

export function socialMeta(ctx: JudgeContext): SocialMeta {
  return ctx.memo('structured-data:social-meta', () => {
    const { metaByProperty, metaByName } = ctx.facts;
    // Open Graph is defined with property=, but name= is common and parsers accept it.
    const read = (key: string) => nonEmpty(firstMeta(metaByProperty, key)) ?? nonEmpty(firstMeta(metaByName, key));
    return {
      og: {
        title: read('og:title'),
        description: read('og:description'),
        image: read('og:image') ?? read('og:image:url') ?? read('og:image:secure_url'),
        type: read('og:type'),
        url: read('og:url'),
        site_name: read('og:site_name'),
      },
      twitterCard: read('twitter:card'),
    };
  });
}

function nonEmpty(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}
