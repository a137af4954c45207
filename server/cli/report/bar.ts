import { scoreColor, type Style } from './style.js';

/** A score as a bar of `width` cells: filled in the score's colour, the rest dim. */
export function scoreBar(score: number, width: number, style: Style): string {
  const filled = Math.round((Math.max(0, Math.min(100, score)) / 100) * width);
  return scoreColor(style, score)('█'.repeat(filled)) + style.dim('░'.repeat(width - filled));
}
