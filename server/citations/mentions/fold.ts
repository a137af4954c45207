/**
 * Text as mentions are matched: compatibility-decomposed with the accents dropped (Acmé = Acme, ﬁ = fi)
 * and every run of white space one space. Lower-cased separately, for the case-insensitive names.
 */
export function foldAccents(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s+/gu, ' ');
}
