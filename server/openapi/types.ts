import type { z } from 'zod';

/** A JSON value in the OpenAPI document (kept loose: the validator in the tests checks the shape). */
export type OpenApiObject = Record<string, unknown>;

/**
 * One group of routes in the OpenAPI document. `schemas` are zod schemas from shared/schema/, turned
 * into components/schemas/<name>; paths refer to them with schemaRef(name).
 */
export interface OpenApiSection {
  tag: { name: string; description: string };
  schemas: Record<string, z.ZodType>;
  /** Full paths (`/api/v1/...`) to OpenAPI path items. */
  paths: Record<string, OpenApiObject>;
  /** OpenAPI 3.1 `webhooks`: requests the server sends (event name → path item). */
  webhooks?: Record<string, OpenApiObject>;
}
