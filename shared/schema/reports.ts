/** Branding and share links (docs/api-decisions.md#reports-shares-and-diffs): request and response bodies, shared by validation and OpenAPI. */
import { z } from 'zod';
import { contactLink } from '../report/branding.js';
import { REPORT_LANGUAGES } from '../i18n/languages.js';

export const BRANDING_NAME_MAX = 100;
export const BRANDING_CONTACT_MAX = 200;
/** A 200 KB image as base64 plus its `data:` prefix; the decoded size is checked against 200 KB itself. */
export const BRANDING_LOGO_MAX_CHARS = 280_000;
export const SHARE_DAYS = { min: 1, max: 90, default: 30 } as const;

const isoTimestamp = z.iso.datetime({ offset: true });

export const brandingSchema = z.strictObject({
  name: z.string().nullable().meta({ description: 'Shown at the top of every report and in the PDF footer.' }),
  accent: z
    .string()
    .regex(/^#[0-9a-f]{6}$/)
    .nullable()
    .meta({ description: "The reports' accent colour, `#rrggbb` (stored lower case)." }),
  logo: z.string().nullable().meta({ description: 'A `data:` URL (base64) of a PNG, JPEG or sanitised SVG image, at most 200 KB.' }),
  contact: z.string().nullable().meta({
    description:
      'How a client reaches the agency: an email address or an http(s) address, shown at the top of every report and share page.',
  }),
  white_label: z.boolean().meta({ description: 'true: reports and share pages never mention Citable (no "with Citable" in the footer).' }),
  language: z
    .enum(REPORT_LANGUAGES)
    .nullable()
    .meta({ description: "The reports' language (en, de, fr, es) unless a request asks for another with `?lang=`; null: the reader's." }),
  updated_at: isoTimestamp.nullable().meta({ description: 'null until the account sets its branding.' }),
});

export const brandingEnvelopeSchema = z.strictObject({ branding: brandingSchema });

export const putBrandingRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(BRANDING_NAME_MAX).nullable().optional(),
  accent: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb')
    .nullable()
    .optional(),
  logo: z.string().max(BRANDING_LOGO_MAX_CHARS, 'must be an image of at most 200 KB').nullable().optional(),
  contact: z
    .string()
    .trim()
    .min(1)
    .max(BRANDING_CONTACT_MAX)
    .refine((c) => contactLink(c) !== null, 'must be an email address or an http(s) address')
    .nullable()
    .optional(),
  white_label: z.boolean().optional(),
  language: z.enum(REPORT_LANGUAGES, 'must be one of en, de, fr, es').nullable().optional(),
});

export const createShareRequestSchema = z.strictObject({
  expires_in_days: z
    .number()
    .int()
    .min(SHARE_DAYS.min)
    .max(SHARE_DAYS.max)
    .optional()
    .meta({ description: `Days until the link stops working, ${SHARE_DAYS.min} to ${SHARE_DAYS.max} (default ${SHARE_DAYS.default}).` }),
});

export const createdShareSchema = z.strictObject({
  id: z.string().regex(/^shr_[A-Za-z0-9]{16}$/),
  url: z.string().meta({
    description: "`{PUBLIC_URL}/r/{token}`: opens the report without a key. Shown only in this answer; only the token's SHA-256 is stored.",
  }),
  expires_at: isoTimestamp,
});

export const shareEnvelopeSchema = z.strictObject({ share: createdShareSchema });

export const shareSummarySchema = z.strictObject({
  id: z.string().regex(/^shr_[A-Za-z0-9]{16}$/),
  kind: z.enum(['audit', 'crawl']),
  target_id: z.string().meta({ description: "The shared audit's or crawl's id." }),
  created_at: isoTimestamp,
  expires_at: isoTimestamp,
});

export const shareListSchema = z.strictObject({ shares: z.array(shareSummarySchema) });

export type Branding = z.infer<typeof brandingSchema>;
export type PutBrandingRequest = z.infer<typeof putBrandingRequestSchema>;
export type ShareSummary = z.infer<typeof shareSummarySchema>;
