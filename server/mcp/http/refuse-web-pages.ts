/**
 * MCP's Streamable HTTP transport requires servers to check Origin against DNS rebinding: a present,
 * invalid Origin gets 403. MCP clients send none; the only browser pages allowed to call this server
 * are the extension's (middleware/extension-cors.ts), so any other Origin is refused before the key
 * is even looked at.
 */
import type { Middleware } from 'koa';
import { HttpError } from '../../http/http-error.js';
import type { ApiState } from '../../http/state.js';

const EXTENSION_ORIGIN = /^(chrome-extension|moz-extension|safari-web-extension):\/\/[A-Za-z0-9._-]+$/;

export function refuseWebPages(): Middleware<ApiState> {
  return async (ctx, next) => {
    const origin = ctx.get('origin');
    if (origin && !EXTENSION_ORIGIN.test(origin)) {
      throw new HttpError(
        403,
        `Requests from web pages are refused on ${ctx.path} (Origin ${JSON.stringify(origin.slice(0, 100))}): MCP clients send no Origin header`,
      );
    }
    await next();
  };
}
