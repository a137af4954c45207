/** The answer engines by name, as a client knows them; the API's ids stay in the CSV export and in data attributes. */
const NAMES: Record<string, string> = {
  chatgpt: 'ChatGPT',
  perplexity: 'Perplexity',
  gemini: 'Gemini',
  claude: 'Claude',
  google_ai_overviews: 'Google AI Overviews',
  google_ai_mode: 'Google AI Mode',
};

/** "google_ai_overviews" → "Google AI Overviews"; an id the dashboard does not know yet is shown as it is. */
export function engineName(id: string): string {
  return NAMES[id] ?? id;
}
