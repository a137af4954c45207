/**
 * The popup's first script, a classic one at the top of popup.html: it reads the tab and the history (and
 * asks the background for an audit when there is no recent one) while the popup's modules still load.
 * The browser's own API, not the polyfill: nothing else is loaded yet.
 */
import { FIRST_LOOK_GLOBAL, startFirstLook, type FirstLookApi } from '../lib/popup/first-look.js';

export default defineUnlistedScript(() => {
  const scope = globalThis as unknown as { browser?: FirstLookApi; chrome?: FirstLookApi } & Record<string, unknown>;
  const api = scope.browser ?? scope.chrome;
  performance.mark('citable:start'); // the bench reads these marks to say where the popup's time goes
  if (!api) return;
  const look = startFirstLook(api, location.search);
  scope[FIRST_LOOK_GLOBAL] = look;
  // When the tab, the history and the recent audit were in hand (before or after the modules: citable:modules).
  look.then(() => performance.mark('citable:look-ready')).catch(() => undefined);
});
