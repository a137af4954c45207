/** The citation tracking (prompts, rows, checks) and its rollups contract on both stores, lowdb and PostgreSQL (registry.ts). */
import { describeContracts } from './registry.js';

describeContracts('citations');
