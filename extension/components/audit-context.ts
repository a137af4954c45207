import { createContext } from 'preact';
import type { Audit } from '../../shared/types/audit.js';
import type { AuditRecord } from '../lib/sync/records.js';

/** The audit on screen and its history record, for parts of the report that need more than their props. */
export const AuditContext = createContext<{ audit: Audit | null; record: AuditRecord | undefined }>({ audit: null, record: undefined });
