import { useEffect, useRef, useState } from 'preact/hooks';
import type { LogIngest } from '../../../../shared/schema/traffic.js';
import { countLines, isGzip, pollDelay, uploadFraction, type UploadPhase } from '../../../lib/dashboard/traffic.js';
import { t, tp } from '../../../lib/i18n/t.js';
import { useDashboard } from '../context.js';
import { ActionError } from '../states.js';
import { WriteButton } from '../WriteButton.js';

type State = { phase: 'idle' } | UploadPhase | { phase: 'error'; error: string };

/** The lines the file holds (gzip read through the browser's own decompression), or null when they cannot be counted. */
async function linesOf(file: File): Promise<number | null> {
  try {
    const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
    const bytes: ReadableStream<BufferSource> = file.stream();
    return await countLines((isGzip(head) ? bytes.pipeThrough(new DecompressionStream('gzip')) : bytes) as ReadableStream<Uint8Array>);
  } catch {
    return null;
  }
}

/**
 * Upload an access log (plain or gzip) to the project: POST /projects/{id}/logs with the file as it is, then its
 * ingest's progress (GET /projects/{id}/logs/{ingest_id}) as a bar until it is done, when the figures are read again.
 * A refused file says the server's reason.
 */
export function LogUpload({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const { api } = useDashboard();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [total, setTotal] = useState<number | null>(null);
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);
  const base = `/projects/${encodeURIComponent(projectId)}/logs`;

  const follow = async (ingest: LogIngest, again: boolean) => {
    for (let attempt = 0; live.current; attempt++) {
      if (ingest.status === 'done') return (setState({ phase: 'done', ingest, again }), onDone());
      if (ingest.status === 'failed') return setState({ phase: 'error', error: t('trafficUploadFailed') });
      setState({ phase: 'reading', ingest });
      await new Promise((r) => setTimeout(r, pollDelay(attempt)));
      const res = await api.get<{ ingest: LogIngest }>(`${base}/${encodeURIComponent(ingest.id)}`);
      if (!res.ok) return setState({ phase: 'error', error: res.error });
      ingest = res.data.ingest;
    }
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!file) return;
    setState({ phase: 'sending' });
    setTotal(null);
    void linesOf(file).then((n) => live.current && setTotal(n));
    const res = await api.upload<{ ingest: LogIngest }>(base, file);
    if (!res.ok) return setState({ phase: 'error', error: t('trafficUploadRefused', res.error) });
    await follow(res.data.ingest, res.status === 200);
  };

  const busy = state.phase === 'sending' || state.phase === 'reading';
  return (
    <form class="inline-form traffic-upload" onSubmit={(e) => void submit(e)} aria-label={t('trafficUploadLabel')}>
      <label>
        {t('trafficUploadFile')}
        <input type="file" data-testid="log-file" onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
      </label>
      <WriteButton type="submit" busy={busy || !file} action="upload-log">
        {t('trafficUploadSubmit')}
      </WriteButton>
      <UploadProgress state={state} total={total} />
    </form>
  );
}

function UploadProgress({ state, total }: { state: State; total: number | null }) {
  if (state.phase === 'idle') return null;
  if (state.phase === 'error') return <ActionError error={state.error} />;
  const fraction = uploadFraction(state, total);
  const words =
    state.phase === 'sending'
      ? t('trafficUploadSending')
      : state.phase === 'done'
        ? state.again
          ? tp('trafficUploadAgain', state.ingest.lines)
          : tp('trafficUploadDone', state.ingest.lines)
        : tp('trafficUploadReading', state.ingest.lines);
  return (
    <div class="traffic-progress" data-phase={state.phase}>
      <progress max={1} {...(fraction === null ? {} : { value: fraction })} aria-label={t('trafficUploadProgress')} />
      <span class="small" role="status">
        {words}
      </span>
    </div>
  );
}
