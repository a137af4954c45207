/**
 * "Is the brand named in this answer?" (docs/api-decisions.md#projects-and-citation-intelligence): a name or alias appears as a whole word,
 * case- and accent-insensitively (Acme matches ACME's and Acmé, Apple never matches pineapple), never
 * inside a URL or an e-mail address; names of several words match across any white space. A name listed
 * as case-sensitive (a brand named like a common word: Notion, Linear) matches only with its capitals.
 * A name that is itself a host name (Booking.com) may match as a bare host in the text, never in a URL.
 */
import { foldAccents } from './fold.js';
import { maskLinks } from './mask-links.js';

export interface NamedEntity {
  name: string;
  aliases?: readonly string[];
  /** Which of name and aliases are case-sensitive. */
  case_sensitive?: readonly string[];
}

/** An answer prepared once for every entity's names: folded, links masked, lower-cased copies. */
export interface PreparedAnswer {
  folded: string;
  lower: string;
  /** The same with bare host names left visible, for names that are host names. */
  hostsFolded: string;
  hostsLower: string;
}

export function prepareAnswer(text: string): PreparedAnswer {
  const folded = foldAccents(text);
  const masked = maskLinks(folded);
  const hosts = maskLinks(folded, true);
  return { folded: masked, lower: masked.toLowerCase(), hostsFolded: hosts, hostsLower: hosts.toLowerCase() };
}

interface Needle {
  text: string;
  caseSensitive: boolean;
  isHost: boolean;
}

export class MentionMatcher {
  readonly #needles: Needle[];

  constructor(entity: NamedEntity) {
    const sensitive = new Set((entity.case_sensitive ?? []).map((n) => foldAccents(n).trim()));
    const names = [entity.name, ...(entity.aliases ?? [])].map((n) => foldAccents(n).trim()).filter((n) => n.length > 0);
    this.#needles = [...new Set(names)].map((name) => {
      const caseSensitive = sensitive.has(name);
      return { text: caseSensitive ? name : name.toLowerCase(), caseSensitive, isHost: /\S\.\S/u.test(name) };
    });
  }

  /** True when any name appears in the answer as a whole word outside links. */
  mentionedIn(answer: PreparedAnswer): boolean {
    return this.#needles.some((needle) => {
      const haystack = needle.isHost
        ? needle.caseSensitive
          ? answer.hostsFolded
          : answer.hostsLower
        : needle.caseSensitive
          ? answer.folded
          : answer.lower;
      return containsWord(haystack, needle.text);
    });
  }
}

const WORD = /[\p{L}\p{N}_]/u;

function containsWord(haystack: string, needle: string): boolean {
  const startsWord = WORD.test(needle[0]!);
  const endsWord = WORD.test(needle[needle.length - 1]!);
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = at > 0 ? haystack[at - 1]! : ' ';
    const after = at + needle.length < haystack.length ? haystack[at + needle.length]! : ' ';
    if ((!startsWord || !WORD.test(before)) && (!endsWord || !WORD.test(after))) return true;
  }
  return false;
}
