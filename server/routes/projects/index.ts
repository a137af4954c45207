/**
 * Projects of citation tracking: POST /projects, GET /projects, GET/PATCH/DELETE /projects/{id}; their AI crawler
 * traffic: POST /projects/{id}/logs, GET /projects/{id}/logs/{ingest_id}, GET /projects/{id}/traffic.
 */
import type { Route } from '../route.js';
import { createProject } from './create-project.js';
import { deleteProject } from './delete-project.js';
import { getProject } from './get-project.js';
import { listProjects } from './list-projects.js';
import { updateProject } from './update-project.js';
import { getLogIngest } from './get-log-ingest.js';
import { getTraffic } from './get-traffic.js';
import { uploadLogs } from './upload-logs.js';

export const PROJECT_ROUTES: readonly Route[] = [
  createProject,
  listProjects,
  getProject,
  updateProject,
  deleteProject,
  uploadLogs,
  getLogIngest,
  getTraffic,
];
