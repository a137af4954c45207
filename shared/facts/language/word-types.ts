/**
 * The words the heuristics look for, in the 20 content languages most used on the web (W3Techs' ranking;
 * sources and method in docs/research/languages.md). Lower-case. A term matches as a whole word anywhere in
 * the text; `^` anchors it at the start of the text and `$` at its end (for words that are ambiguous on
 * their own: Dutch "over", English "team"). Terms in scripts written without spaces (Chinese, Japanese)
 * match anywhere.
 */
export interface LanguageWords {
  /** ISO 639-1 code, the primary subtag of `<html lang>`. */
  code: string;
  name: string;
  /** Link texts of an about page (who runs the site), an imprint included. */
  about: readonly string[];
  /** Link texts of a way to make contact (contact page, customer service, help desk). */
  contact: readonly string[];
  /** Words that introduce an author's name in a byline ("Posted by", "Written by"). */
  byline: readonly string[];
  /** Words that label a publication or update date in visible text. */
  dated: readonly string[];
  /** Headings of a list of frequently asked questions. */
  faq: readonly string[];
  /** Words a question opens with (a heading without a question mark is a question when it starts so). */
  questions: readonly string[];
  /** Phrases asking the reader to turn on JavaScript. */
  javascript: readonly string[];
  /** Headings and labels of a comment section. */
  comments: readonly string[];
}
