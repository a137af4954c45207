/** Projects in the OpenAPI document (docs/api-decisions.md#projects-and-citation-intelligence). */
import {
  createProjectRequestSchema,
  projectEnvelopeSchema,
  projectListSchema,
  projectSchema,
  updateProjectRequestSchema,
} from '../../../shared/schema/project.js';
import { authErrors, errorResponse, jsonContent, jsonResponse, schemaRef } from '../refs.js';
import type { OpenApiSection } from '../types.js';

const TAG = 'Projects';
const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The project id.',
  schema: { type: 'string', pattern: '^prj_[A-Za-z0-9]{16}$' },
};
const notFound = { '404': errorResponse("No project with this id for this account (another account's project is 404 too).") };
const bodyErrors = {
  '413': errorResponse('Body larger than 64 KB.'),
  '415': errorResponse('Content-Type is not application/json.'),
};

export const projectsSection: OpenApiSection = {
  tag: {
    name: TAG,
    description:
      'A project is a client site (`domain` and `aliases`), the names the answer text may use for the client (`brand`) and up to 20 competitors ' +
      'with their names, aliases and domains. Prompts belong to a project (`POST /prompts` with `project_id`): their answers are read for ' +
      'mentions of the brand and each competitor (whole words, case- and accent-insensitive, never inside a URL or e-mail address; a name listed in ' +
      '`case_sensitive` matches only with its capitals) and for citations of their domains. At most 100 projects per account.',
  },
  schemas: {
    Project: projectSchema,
    ProjectEnvelope: projectEnvelopeSchema,
    ProjectList: projectListSchema,
    CreateProjectRequest: createProjectRequestSchema,
    UpdateProjectRequest: updateProjectRequestSchema,
  },
  paths: {
    '/api/v1/projects': {
      get: {
        operationId: 'listProjects',
        tags: [TAG],
        summary: 'List projects',
        description: "The caller's projects, oldest first (at most 100, so there is no paging).",
        security: [{ bearerAuth: [] }],
        responses: { '200': jsonResponse('The projects.', 'ProjectList'), ...authErrors() },
      },
      post: {
        operationId: 'createProject',
        tags: [TAG],
        summary: 'Create a project',
        description:
          '`domain` and `aliases` (up to 10) are hosts as prompts store them (lower case, punycode, without `www.`; a public suffix is refused). ' +
          '`brand` defaults to `{name: <the project name>}`. Names are trimmed and de-duplicated case-insensitively; each `case_sensitive` entry must be the name or an alias.',
        security: [{ bearerAuth: [] }],
        requestBody: { required: true, description: 'At most 64 KB.', content: jsonContent(schemaRef('CreateProjectRequest')) },
        responses: {
          '201': jsonResponse('The project.', 'ProjectEnvelope', { Location: 'Location' }),
          ...authErrors(
            'Malformed JSON, an unknown member, an empty or too long name, a domain that is not a registrable host, more than 20 competitors, two competitors with one name, a case_sensitive entry that is not a name, or the limit of 100 projects reached.',
          ),
          ...bodyErrors,
        },
      },
    },
    '/api/v1/projects/{id}': {
      get: {
        operationId: 'getProject',
        tags: [TAG],
        summary: 'Read a project',
        security: [{ bearerAuth: [] }],
        parameters: [idParam],
        responses: { '200': jsonResponse('The project.', 'ProjectEnvelope'), ...authErrors(), ...notFound },
      },
      patch: {
        operationId: 'updateProject',
        tags: [TAG],
        summary: 'Change a project',
        description:
          "Each member given replaces the stored one whole (send every competitor to change one). The project's prompts track the new domain and names from their next check; " +
          'figures already counted stay as they were measured. A competitor removed from the project leaves the summaries and sources.',
        security: [{ bearerAuth: [] }],
        parameters: [idParam],
        requestBody: {
          required: true,
          description: 'At most 64 KB; at least one member.',
          content: jsonContent(schemaRef('UpdateProjectRequest')),
        },
        responses: {
          '200': jsonResponse('The project as changed.', 'ProjectEnvelope'),
          ...authErrors('The same as POST, or an empty body.'),
          ...notFound,
          ...bodyErrors,
        },
      },
      delete: {
        operationId: 'deleteProject',
        tags: [TAG],
        summary: 'Delete a project and its prompts',
        description: 'Its prompts are deleted too: their results leave every listing, summary and sources listing.',
        security: [{ bearerAuth: [] }],
        parameters: [idParam],
        responses: { '204': { description: 'Deleted.' }, ...authErrors(), ...notFound },
      },
    },
  },
};
