/**
 * The branding as a report uses it, re-checked here although `PUT /branding` validates it: the accent goes
 * into the style sheet and the logo into an image source, so only the exact safe forms pass.
 */
import type { ReportBranding } from './types.js';

export const DEFAULT_ACCENT = '#3b5bdb';

const ACCENT = /^#[0-9a-f]{6}$/i;
/** Base64 data URLs of the three accepted image types; nothing else can reach an `src`. */
const LOGO = /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

export interface SafeBranding {
  name: string | null;
  accent: string;
  /** Black or white: whichever reads on the accent. */
  onAccent: string;
  logo: string | null;
  /** The agency's contact as a link: `mailto:` for an email address, else the http(s) address itself. */
  contact: { href: string; text: string } | null;
  /** Whether the footer says "with Citable" (not when the agency chose white label). */
  credit: boolean;
}

/** An email address as a person writes it (one @, a dot in the domain, no spaces or angle brackets). */
const EMAIL = /^[^\s@<>"()]+@[^\s@<>"()]+\.[^\s@<>"()]+$/;

/** The contact as a link, or null when it is neither an email address nor an http(s) address. */
export function contactLink(contact: string | null | undefined): { href: string; text: string } | null {
  const text = contact?.trim();
  if (!text || text.length > 200) return null;
  if (EMAIL.test(text)) return { href: `mailto:${text}`, text };
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { href: url.href, text } : null;
  } catch {
    return null;
  }
}

export function safeBranding(branding: ReportBranding | null | undefined): SafeBranding {
  const accent = branding?.accent && ACCENT.test(branding.accent) ? branding.accent.toLowerCase() : DEFAULT_ACCENT;
  const name = branding?.name?.trim() ? branding.name.trim() : null;
  const logo = branding?.logo && LOGO.test(branding.logo) ? branding.logo : null;
  return {
    name,
    accent,
    onAccent: readableOn(accent),
    logo,
    contact: contactLink(branding?.contact),
    credit: branding?.white_label !== true,
  };
}

/** WCAG relative luminance decides: dark text on light accents, white on dark ones. */
function readableOn(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.4 ? '#111827' : '#ffffff';
}
