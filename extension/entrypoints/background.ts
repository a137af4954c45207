import { browser } from 'wxt/browser';
import { isAuditRequest, isCancelRequest, isSyncNowRequest } from '../lib/messages.js';
import { cancelAudit, handleAuditRequest } from '../lib/audit/handle-audit.js';
import { requestSync, SYNC_ALARM } from '../lib/sync/service.js';
import { SETTINGS_KEY } from '../lib/settings.js';
import { syncDeepProbeScript } from '../lib/probe/deep-probe.js';

export default defineBackground(() => {
  // sendResponse + `return true`: works with the polyfill, Chrome, Firefox and the unit tests' fake browser.
  browser.runtime.onMessage.addListener((message: unknown, _sender, sendResponse: (r: unknown) => void) => {
    if (isAuditRequest(message)) {
      void handleAuditRequest(message.tabId, message.fetchVia, () => void requestSync(true)).then(sendResponse);
      return true;
    }
    if (isCancelRequest(message)) {
      sendResponse({ ok: cancelAudit(message.tabId) });
      return undefined;
    }
    if (isSyncNowRequest(message)) {
      void requestSync(true).then(() => sendResponse({ ok: true }));
      return true;
    }
    return undefined;
  });

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === SYNC_ALARM) void requestSync();
  });
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && changes[SETTINGS_KEY]) void requestSync(true);
  });
  browser.permissions.onAdded.addListener(() => void syncDeepProbeScript().catch(() => undefined));
  browser.permissions.onRemoved.addListener(() => void syncDeepProbeScript().catch(() => undefined));

  // A worker woken after being killed picks the queue up where storage left it.
  void requestSync();
  void syncDeepProbeScript().catch(() => undefined);
});
