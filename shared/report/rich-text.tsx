/**
 * Advice as a client reads it: text written with `backticks` (the rules' way of naming code) shows the code as
 * code, never the backticks. A code span of a report can be selected whole with one click (`user-select: all`
 * in the style sheet): a copyable snippet in a report that runs no script.
 */
import type { ComponentChildren } from 'preact';

/** The text cut at its `code` spans: even indexes are text, odd ones code. An unpaired backtick stays text. */
export function codeSpans(text: string): string[] {
  const parts = text.split(/`([^`\n]+)`/);
  return parts;
}

export function RichText({ text }: { text: string }): ComponentChildren {
  const parts = codeSpans(text);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} class="snippet">
        {part}
      </code>
    ) : (
      part
    ),
  );
}
