/** The audits (puts, listing, earlier audits of a page) contract on both stores, lowdb and PostgreSQL (registry.ts). */
import { describeContracts } from './registry.js';

describeContracts('audits');
