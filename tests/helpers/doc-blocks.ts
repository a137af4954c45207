/** Code blocks of the repository's docs, read by tests that run what the docs say as written. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The fenced block of `lang` in docs/<page> whose first line is `# <name>`. */
export async function docBlock(page: string, name: string, lang = 'yaml'): Promise<string> {
  const text = await readFile(path.join(ROOT, 'docs', page), 'utf8');
  const blocks = [...text.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
  const block = blocks.find((b) => b.startsWith(`# ${name}\n`));
  if (!block) throw new Error(`docs/${page} has no ${lang} block starting "# ${name}"`);
  return block;
}
