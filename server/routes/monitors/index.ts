/** Monitors: create, list, delete, run now, pause and resume. */
import type { Route } from '../route.js';
import { createMonitor } from './create-monitor.js';
import { deleteMonitor } from './delete-monitor.js';
import { listMonitors } from './list-monitors.js';
import { updateMonitor } from './update-monitor.js';
import { runMonitor } from './run-monitor.js';

export const MONITOR_ROUTES: readonly Route[] = [createMonitor, listMonitors, deleteMonitor, runMonitor, updateMonitor];
