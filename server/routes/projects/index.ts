/** Projects of citation tracking: POST /projects, GET /projects, GET/PATCH/DELETE /projects/{id}. */
import type { Route } from '../route.js';
import { createProject } from './create-project.js';
import { deleteProject } from './delete-project.js';
import { getProject } from './get-project.js';
import { listProjects } from './list-projects.js';
import { updateProject } from './update-project.js';

export const PROJECT_ROUTES: readonly Route[] = [createProject, listProjects, getProject, updateProject, deleteProject];
