import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { listRecords, RECORDS_KEY, type AuditRecord } from '../sync/records.js';

/** The history with live sync states (`initial`: as already read): re-read whenever the background rewrites it. */
export function useRecords(initial: AuditRecord[] = []): AuditRecord[] {
  const [records, setRecords] = useState<AuditRecord[]>(initial);
  useEffect(() => {
    let live = true;
    const reload = () => void listRecords().then((r) => live && setRecords(r));
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && RECORDS_KEY in changes) reload();
    };
    reload();
    browser.storage.onChanged.addListener(onChanged);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, []);
  return records;
}
