/** The account's report branding: GET /branding, PUT /branding. */
import type { Route } from '../route.js';
import { getBranding } from './get-branding.js';
import { putBranding } from './put-branding.js';

export const BRANDING_ROUTES: readonly Route[] = [getBranding, putBranding];
