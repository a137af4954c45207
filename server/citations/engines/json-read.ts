/** Careful reads of provider JSON: every member may be missing, null or of another type. */
export type JsonObject = Record<string, unknown>;

export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `body.error` as an object (OpenAI, Perplexity, Gemini, Anthropic envelopes). */
export function errorObject(body: unknown): JsonObject | undefined {
  return asObject(asObject(body)?.error);
}
