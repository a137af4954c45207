/** `citable restore FILE`: backup-command.ts holds both halves (they share their wording and settings). */
export { runRestore as run } from './backup-command.js';
