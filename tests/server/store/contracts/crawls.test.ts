/** The site audits (crawls) contract on both stores, lowdb and PostgreSQL (registry.ts). */
import { describeContracts } from './registry.js';

describeContracts('crawls');
