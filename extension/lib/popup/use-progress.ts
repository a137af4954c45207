import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { isProgressMessage, type ProgressMessage } from '../messages.js';

/** The background's progress reports for one tab's running audit (null until the first arrives). */
export function useProgress(tabId: number | undefined, active: boolean): ProgressMessage | null {
  const [progress, setProgress] = useState<ProgressMessage | null>(null);
  useEffect(() => {
    if (!active) return undefined;
    setProgress(null);
    const onMessage = (message: unknown) => {
      if (isProgressMessage(message) && message.tabId === tabId) setProgress(message);
      return undefined;
    };
    browser.runtime.onMessage.addListener(onMessage);
    return () => browser.runtime.onMessage.removeListener(onMessage);
  }, [tabId, active]);
  return progress;
}
