/**
 * Share links: GET /shares, DELETE /shares/{id}. The links themselves are made by POST /audits/{id}/share
 * and POST /crawls/{id}/share (./create-share.ts) and opened, without a key, at GET /r/{token} (../root/).
 */
import type { Route } from '../route.js';
import { deleteShare } from './delete-share.js';
import { listShares } from './list-shares.js';

export const SHARE_ROUTES: readonly Route[] = [listShares, deleteShare];
