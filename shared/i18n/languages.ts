/**
 * The languages reports are written in, and how a request picks one (docs/reports.md#languages-and-rule-links): `?lang=`, then the
 * account's `branding.language`, then the reader's Accept-Language, then English. A tag matches exactly or by its
 * primary subtag (`de-AT` reads German); anything else is not a report language.
 */
export const REPORT_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: ReportLanguage = 'en';

/** The locale dates and numbers are written in, per language. */
export const LOCALES: Record<ReportLanguage, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

/** A BCP 47 tag as written in `?lang=` or Accept-Language: letters, digits and hyphens. */
const TAG = /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/i;

export function isReportLanguage(value: unknown): value is ReportLanguage {
  return typeof value === 'string' && (REPORT_LANGUAGES as readonly string[]).includes(value);
}

/** The report language a tag names (`de`, `de-AT`, `DE-at`), or null when it names none. */
export function matchLanguage(tag: string | null | undefined): ReportLanguage | null {
  const text = tag?.trim();
  if (!text || !TAG.test(text)) return null;
  const primary = text.toLowerCase().split('-')[0]!;
  return isReportLanguage(primary) ? primary : null;
}

/** The first report language of an Accept-Language header, by quality (RFC 9110, section 12.5.4); null when none. */
export function languageFromAcceptLanguage(header: string | null | undefined): ReportLanguage | null {
  if (!header) return null;
  const ranked = header
    .slice(0, 1000)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranked) {
    const lang = matchLanguage(r.tag);
    if (lang) return lang;
  }
  return null;
}

export interface LanguageChoice {
  lang: ReportLanguage;
  /** Where it came from. */
  source: 'query' | 'branding' | 'accept-language' | 'default';
  /** A `?lang=` that names no report language (the caller decides: a 400, or a fallback with a note). */
  unsupported: string | null;
}

/** `?lang=` > `branding.language` > Accept-Language > English. */
export function negotiateLanguage(input: {
  query?: string | null | undefined;
  branding?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}): LanguageChoice {
  const asked = input.query?.trim() ? input.query.trim() : null;
  const fromQuery = matchLanguage(asked);
  if (fromQuery) return { lang: fromQuery, source: 'query', unsupported: null };
  const unsupported = asked;
  const fromBranding = matchLanguage(input.branding);
  if (fromBranding) return { lang: fromBranding, source: 'branding', unsupported };
  const fromHeader = languageFromAcceptLanguage(input.acceptLanguage);
  if (fromHeader) return { lang: fromHeader, source: 'accept-language', unsupported };
  return { lang: DEFAULT_LANGUAGE, source: 'default', unsupported };
}
