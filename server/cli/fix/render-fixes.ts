/** What `citable fix` prints: each fix, where it was written, and what it fixes. */
import { fixFileName } from '../../../shared/fixes/archive.js';
import { hasPlaceholder, type Fix } from '../../../shared/fixes/types.js';
import { createStyle } from '../report/style.js';
import { safe } from '../report/text.js';

export function renderFixes(fixes: readonly Fix[], dir: string | null, options: { color: boolean }): string {
  const style = createStyle(options.color);
  if (!fixes.length) return 'Nothing to fix that Citable can write for you.\n';
  const lines = [style.bold(`${fixes.length} fix${fixes.length === 1 ? '' : 'es'}${dir ? ` written to ${safe(dir)}` : ''}`), ''];
  for (const fix of fixes) {
    const where =
      fix.kind === 'file'
        ? `publish at ${safe(fix.path ?? '')}`
        : fix.kind === 'snippet'
          ? `add to ${safe(fix.path ?? '')}`
          : 'server example';
    lines.push(`${style.bold(safe(fix.title))}  ${style.dim(`${fixFileName(fix)} · ${where}`)}`);
    lines.push(`  fixes: ${fix.rules.length ? fix.rules.map(safe).join(', ') : style.dim('no rule (a choice)')}`);
    if (hasPlaceholder(fix.content)) lines.push(`  ${style.yellow('fill in the [FILL IN: ...] values before publishing')}`);
  }
  lines.push('', style.dim(`${dir ? 'fixes.json' : 'The fixes'} hold each fix's explanation; docs/fixes.md says how to apply them.`));
  return `${lines.join('\n')}\n`;
}
