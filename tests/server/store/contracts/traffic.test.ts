/** The traffic contract (log ingests and daily rollups) on both stores, lowdb and PostgreSQL (registry.ts). */
import { describeContracts } from './registry.js';

describeContracts('traffic');
