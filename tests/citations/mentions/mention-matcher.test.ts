import { describe, expect, it } from 'vitest';
import { MentionMatcher, prepareAnswer, type NamedEntity } from '../../../server/citations/mentions/mention-matcher.js';

const mentions = (entity: NamedEntity | string, text: string) =>
  new MentionMatcher(typeof entity === 'string' ? { name: entity } : entity).mentionedIn(prepareAnswer(text));

describe('mentions: whole words, case- and accent-insensitive, never inside a link', () => {
  it.each([
    ['Acme', 'ACME’s pricing starts at $12.', true],
    ['Acme', "ACME's pricing starts at $12.", true],
    ['Acme', 'Acmé is popular in France.', true],
    ['Acmé', 'We compared acme and two others.', true],
    ['Acme', 'Try Acme-based workflows.', true],
    ['Acme', '**Acme** (best overall)', true],
    ['Apple', 'A pineapple-shaped logo.', false],
    ['Apple', 'Apples and oranges', false],
    ['Apple', 'Snapple is a drink.', false],
    ['Acme', 'Acmecorp is unrelated.', false],
    ['Acme', 'See https://acme.com/pricing for details.', false],
    ['Acme', 'See [the guide](https://blog.example.com/acme-review).', false],
    ['Acme', 'Visit www.acme.io today.', false],
    ['Acme', 'Write to sales@acme.com or call.', false],
    ['Acme', 'acme.com has a free tier.', false],
    ['Node', 'Built on Node.js and Postgres.', true],
    ['Acme Corp', 'Many agencies choose Acme\nCorp for billing.', true],
    ['Acme Corp', 'Acme and Corp are different words here.', false],
    ['Monday.com', 'Monday.com is a work OS.', true],
    ['Monday.com', 'See https://monday.com/pricing.', false],
    ['C++', 'Written in C++ mostly.', true],
    ['Straße', 'Die STRASSE', false],
  ])('%s in %j: %s', (name, text, expected) => {
    expect(mentions(name, text)).toBe(expected);
  });

  it('an alias counts as the brand', () => {
    expect(mentions({ name: 'Acme', aliases: ['Acme CRM', 'AcmeHQ'] }, 'Teams like AcmeHQ for this.')).toBe(true);
  });

  it('a name marked case-sensitive matches only with its capitals (a brand named like a common word)', () => {
    const notion = { name: 'Notion', case_sensitive: ['Notion'] };
    expect(mentions(notion, 'Notion is an all-in-one workspace.')).toBe(true);
    expect(mentions(notion, 'The notion of a workspace is vague.')).toBe(false);
    expect(mentions(notion, 'NOTION is loud.')).toBe(false);
    expect(mentions({ name: 'Linear', aliases: ['Linear App'], case_sensitive: ['Linear'] }, 'a linear app for issues')).toBe(true); // the alias stays insensitive
    expect(mentions({ name: 'Linear', case_sensitive: ['Linear'] }, 'progress is linear')).toBe(false);
  });

  it('accents and case fold together: ÉCOLE matches école and Ecole', () => {
    expect(mentions('École', 'Try ECOLE for courses.')).toBe(true);
  });
});
