/** The accounts and API keys contract on both stores, lowdb and PostgreSQL (registry.ts). */
import { describeContracts } from './registry.js';

describeContracts('accounts');
