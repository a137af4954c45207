import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ApiClient } from '../../lib/api/client.js';
import type { Capabilities } from '../../lib/api/capabilities.js';

/** What every dashboard view reads: the backend client and what the key may do (null while it is being learnt). */
export interface DashboardContextValue {
  api: ApiClient;
  caps: Capabilities | null;
}

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboard(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboard outside the dashboard');
  return value;
}
