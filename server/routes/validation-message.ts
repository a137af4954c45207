import type { z } from 'zod';

/** The first problem zod found, named by its path: `audit.issues[2].severity: Invalid option: ...`. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid value';
  const where = issue.path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)),
    '',
  );
  return where ? `${where}: ${issue.message}` : issue.message;
}
