/** The API's own description: GET /openapi.json (the document is server/openapi/). */
import type { Route } from '../route.js';
import { getOpenApi } from './get-openapi.js';

export const OPENAPI_ROUTES: readonly Route[] = [getOpenApi];
