/** Tracked prompts: GET /prompts, POST /prompts, GET /prompts/{id}, DELETE /prompts/{id}. */
import type { Route } from '../route.js';
import { createPrompt } from './create-prompt.js';
import { deletePrompt } from './delete-prompt.js';
import { getPrompt } from './get-prompt.js';
import { listPrompts } from './list-prompts.js';

export const PROMPT_ROUTES: readonly Route[] = [listPrompts, createPrompt, getPrompt, deletePrompt];
