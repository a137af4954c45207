import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { backendUrlProblem, loadSettings, normalizeBackendUrl, saveSettings, type Settings } from '../../lib/settings.js';
import { testConnection, type ConnectionResult } from '../../lib/options/test-connection.js';
import { requestBackendAccess } from '../../lib/options/backend-permission.js';
import { deepProbeGranted, setDeepProbe } from '../../lib/probe/deep-probe.js';
import { t } from '../../lib/i18n/t.js';

/** Backend URL and API key (kept in this browser only), a connection test, and the deep-probe opt-in. */
export function Options() {
  const [form, setForm] = useState<Settings>({ backendUrl: '', apiKey: '' });
  const [status, setStatus] = useState<string>('');
  const [test, setTest] = useState<ConnectionResult | 'running' | null>(null);
  const [deep, setDeep] = useState(false);

  useEffect(() => {
    void loadSettings().then(setForm);
    void deepProbeGranted().then(setDeep);
  }, []);

  const current = (): Settings => ({ backendUrl: normalizeBackendUrl(form.backendUrl), apiKey: form.apiKey.trim() });
  // Both handlers ask for the permission before anything else awaits (Firefox requires it).
  const save = (e: Event) => {
    e.preventDefault();
    const s = current();
    const problem = backendUrlProblem(s.backendUrl);
    if (problem) return setStatus(problem);
    const access = s.backendUrl ? requestBackendAccess(s.backendUrl) : Promise.resolve(true);
    void access.then(async (granted) => {
      await saveSettings(s);
      setForm(s);
      setStatus(granted ? t('optionsSaved') : t('optionsSavedNoAccess'));
    });
  };
  const runTest = () => {
    const s = current();
    const problem = backendUrlProblem(s.backendUrl);
    if (problem) return setTest({ ok: false, code: 'unexpected', message: problem });
    setTest('running');
    const access = s.backendUrl ? requestBackendAccess(s.backendUrl) : Promise.resolve(true);
    void access.then(async () => setTest(await testConnection(s)));
  };
  const toggleDeep = async (enabled: boolean) => setDeep(await setDeepProbe(enabled).catch(() => false));

  return (
    <main class="options">
      <h1>{t('optionsTitle')}</h1>
      <BackendForm form={form} onChange={setForm} onSave={save} onTest={runTest} testing={test === 'running'} />
      <p role="status" id="save-status">
        {status}
      </p>
      <p role="status" id="test-result" class={test && test !== 'running' ? (test.ok ? 'result-ok' : 'result-bad') : ''}>
        {test === 'running' ? t('optionsTesting') : (test?.message ?? '')}
      </p>
      <DashboardLink />
      <DeepProbeOptIn deep={deep} onToggle={(enabled) => void toggleDeep(enabled)} />
    </main>
  );
}

/** The backend's address and API key, saved or tested with the buttons under them. */
function BackendForm({
  form,
  onChange,
  onSave,
  onTest,
  testing,
}: {
  form: Settings;
  onChange: (form: Settings) => void;
  onSave: (e: Event) => void;
  onTest: () => void;
  testing: boolean;
}) {
  return (
    <form onSubmit={onSave} noValidate>
      <label for="backend">{t('optionsBackendUrl')}</label>
      {/* type=text: a browser's url field refuses "127.0.0.1:8787"; the address is checked on save instead. */}
      <input
        id="backend"
        type="text"
        inputMode="url"
        spellcheck={false}
        autocomplete="url"
        placeholder={t('optionsBackendPlaceholder')}
        value={form.backendUrl}
        onInput={(e) => onChange({ ...form, backendUrl: e.currentTarget.value })}
      />
      <label for="key">{t('optionsApiKey')}</label>
      <input
        id="key"
        type="password"
        autocomplete="off"
        placeholder="cit_…"
        value={form.apiKey}
        onInput={(e) => onChange({ ...form, apiKey: e.currentTarget.value })}
      />
      <p class="muted small">{t('optionsKeyStored')}</p>
      <div class="row">
        <button type="submit">{t('optionsSave')}</button>
        <button type="button" class="secondary" onClick={onTest} disabled={testing}>
          {t('optionsTestConnection')}
        </button>
      </div>
    </form>
  );
}

function DashboardLink() {
  return (
    <>
      <h2>{t('wbDashboard')}</h2>
      <p>
        <a href={browser.runtime.getURL('/dashboard.html')} data-testid="open-dashboard">
          {t('optionsOpenDashboard')}
        </a>{' '}
        <span class="muted small">{t('optionsDashboardWhat')}</span>
      </p>
    </>
  );
}

/** The opt-in to the recorder that runs on every page from its start (needs access to all sites). */
function DeepProbeOptIn({ deep, onToggle }: { deep: boolean; onToggle: (enabled: boolean) => void }) {
  return (
    <>
      <h2>{t('optionsDeepProbe')}</h2>
      <label class="checkbox">
        <input type="checkbox" checked={deep} onChange={(e) => onToggle(e.currentTarget.checked)} /> {t('optionsDeepProbeRecord')}
      </label>
      <p class="muted small">{t('optionsDeepProbeWhat')}</p>
    </>
  );
}
