import { browser } from 'wxt/browser';

/** The deep probe needs to run on every page at document_start, hence <all_urls>, asked for only on opt-in. */
export const DEEP_PROBE_ORIGINS = ['<all_urls>'];
const SCRIPT_ID = 'citable-deep-probe';

export function deepProbeGranted(): Promise<boolean> {
  return browser.permissions.contains({ origins: DEEP_PROBE_ORIGINS }).catch(() => false);
}

/** Must run inside a user gesture (the options page toggle). */
export async function setDeepProbe(enabled: boolean): Promise<boolean> {
  if (enabled) await browser.permissions.request({ origins: DEEP_PROBE_ORIGINS });
  else await browser.permissions.remove({ origins: DEEP_PROBE_ORIGINS });
  await syncDeepProbeScript();
  return deepProbeGranted();
}

/** Keeps the MAIN-world document_start recorder registered exactly while the permission is held. */
export async function syncDeepProbeScript(): Promise<void> {
  const granted = await deepProbeGranted();
  const registered = (await browser.scripting.getRegisteredContentScripts({ ids: [SCRIPT_ID] })).length > 0;
  if (granted && !registered) {
    await browser.scripting.registerContentScripts([
      {
        id: SCRIPT_ID,
        js: ['deep-recorder.js'],
        matches: ['http://*/*', 'https://*/*'],
        runAt: 'document_start',
        world: 'MAIN',
        allFrames: false,
        persistAcrossSessions: true,
      },
    ]);
  } else if (!granted && registered) {
    await browser.scripting.unregisterContentScripts({ ids: [SCRIPT_ID] });
  }
}
