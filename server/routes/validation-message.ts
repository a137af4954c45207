/**
 * How every 400 names a body's first problem, in one wording on every route: the member's path, then what
 * is wrong with it. Unknown members are refused by the schemas (strict objects, as the OpenAPI document
 * says) and named here: `audit.llms_txt: unknown member "extra": ...`.
 */
import type { z } from 'zod';

export const UNKNOWN_MEMBER_REASON = 'the API refuses members it does not know';

/** The first problem zod found, named by its path: `audit.issues[2].severity: Invalid option: ...`. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid value';
  const where = issue.path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)),
    '',
  );
  if (issue.code === 'unrecognized_keys') {
    const member = `member ${JSON.stringify(issue.keys[0])}: ${UNKNOWN_MEMBER_REASON}`;
    return where ? `${where}: unknown ${member}` : `Unknown ${member}`;
  }
  // zod's own wording for a wrong type ("Invalid input: expected string, received undefined") says less
  // than it knows; a schema's own message is kept.
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input')) {
    const subject = where || 'the value';
    if (!('input' in issue) || issue.input === undefined) return `${subject} is required`;
    return `${subject} must be ${article(issue.expected)} (got ${described(issue.input)})`;
  }
  // A schema's own message may already name its member ("url is required: ..."): no second prefix then.
  return where && !issue.message.startsWith(where) ? `${where}: ${issue.message}` : issue.message;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function described(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return article(typeof value);
}
