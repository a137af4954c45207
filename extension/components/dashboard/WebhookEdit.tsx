import { useState } from 'preact/hooks';
import { EVENT_TYPES } from '../../lib/api/event-types.js';
import type { Webhook } from '../../lib/api/types.js';
import { t } from '../../lib/i18n/t.js';
import { useDashboard } from './context.js';
import { ActionError } from './states.js';
import { WriteButton } from './WriteButton.js';
import { useAction } from './use-action.js';

/** Product names, the same in every language. */
const FORMAT_NAMES = { json: 'JSON', slack: 'Slack' } as const;

/**
 * Editing a webhook (PATCH /webhooks/{id}): its URL, events and format. The signing secret is kept unless
 * "make a new secret" is ticked; a new one is shown this once, like at creation.
 */
export function WebhookEdit({ webhook, onSaved }: { webhook: Webhook; onSaved: () => void }) {
  const { api } = useDashboard();
  const [url, setUrl] = useState(webhook.url);
  const [all, setAll] = useState(webhook.events.includes('*'));
  const [events, setEvents] = useState<string[]>(webhook.events.filter((e) => e !== '*'));
  const [format, setFormat] = useState(webhook.format);
  const [rotate, setRotate] = useState(false);
  const [secret, setSecret] = useState('');
  const [saved, setSaved] = useState(false);
  const { busy, error, run } = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    setSaved(false);
    const body = { url: url.trim(), events: all ? ['*'] : events, format, ...(rotate ? { rotate_secret: true } : {}) };
    const res = await run('save', () =>
      api.patch<{ webhook: Webhook & { secret?: string } }>(`/webhooks/${encodeURIComponent(webhook.id)}`, body),
    );
    if (!res.ok) return;
    setSecret(res.data.webhook.secret ?? '');
    setRotate(false);
    setSaved(true);
    onSaved();
  };
  const toggle = (type: string) => setEvents(events.includes(type) ? events.filter((x) => x !== type) : [...events, type]);
  return (
    <details class="webhook-edit">
      <summary>{t('dashHookEdit')}</summary>
      <form class="inline-form" onSubmit={(e) => void submit(e)} aria-label={t('dashHookEdit')}>
        <label>
          {t('dashHookUrl')}
          <input type="url" required name="url" value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
        </label>
        <label>
          {t('dashHookFormat')}
          <select name="format" value={format} onChange={(e) => setFormat(e.currentTarget.value as Webhook['format'])}>
            <option value="json">{FORMAT_NAMES.json}</option>
            <option value="slack">{FORMAT_NAMES.slack}</option>
          </select>
        </label>
        <EventsField all={all} events={events} onAll={setAll} onToggle={toggle} />
        <label class="check">
          <input type="checkbox" name="rotate" checked={rotate} onChange={(e) => setRotate(e.currentTarget.checked)} />{' '}
          {t('dashHookRotate')}
        </label>
        <WriteButton type="submit" busy={busy !== ''} action="save-webhook">
          {t('dashHookSave')}
        </WriteButton>
        {error && <ActionError error={error} />}
        <p role="status" class="ok">
          {saved && (secret ? t('dashHookSavedSecret') : t('dashHookSaved'))} {secret && <code class="secret">{secret}</code>}
        </p>
      </form>
    </details>
  );
}

/** All events, or the ones ticked. */
function EventsField(props: { all: boolean; events: readonly string[]; onAll: (all: boolean) => void; onToggle: (type: string) => void }) {
  return (
    <fieldset>
      <legend>{t('dashHookEvents')}</legend>
      <label class="check">
        <input type="checkbox" checked={props.all} onChange={(e) => props.onAll(e.currentTarget.checked)} /> {t('dashHookAllEvents')}
      </label>
      {!props.all &&
        EVENT_TYPES.map((type) => (
          <label class="check" key={type}>
            <input type="checkbox" checked={props.events.includes(type)} onChange={() => props.onToggle(type)} /> <code>{type}</code>
          </label>
        ))}
    </fieldset>
  );
}
