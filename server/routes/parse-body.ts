/**
 * A request body through its shared zod schema (shared/schema/), the same way on every route: the parsed
 * value, or a 400 naming the first problem (validation-message.ts). Put it, and every other check that
 * can answer 400, before the route's rate limit: a refused request never counts.
 */
import type { z } from 'zod';
import { HttpError } from '../http/http-error.js';
import { firstProblem } from './validation-message.js';

/** `prefix` introduces the message (`Invalid prompt: `); without one the problem stands alone. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, prefix = ''): z.output<S> {
  // reportInput: the message can say what was sent instead ("must be a string (got a number)").
  const parsed = schema.safeParse(body, { reportInput: true });
  if (parsed.success) return parsed.data;
  throw new HttpError(400, `${prefix}${firstProblem(parsed.error)}`);
}
