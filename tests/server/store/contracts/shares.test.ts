/** The report share links contract on both stores, lowdb and PostgreSQL (registry.ts). */
import { describeContracts } from './registry.js';

describeContracts('shares');
