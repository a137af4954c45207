/** The shape of a catalogue's message: a text with `{placeholders}`, or its plural forms (CLDR categories). */
export interface PluralMessage {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

export type Message = string | PluralMessage;

/** The values a message's placeholders take: numbers are written in the report's language. */
export type MessageVars = Readonly<Record<string, string | number>>;

/** `{name}` placeholders, in the order they appear. */
export const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9]*)\}/g;

export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}
