import type { RefObject } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { createApiClient } from '../../lib/api/client.js';
import { probeCapabilities, type Capabilities } from '../../lib/api/capabilities.js';
import { parseRoute, routeHref, sectionOf, SECTIONS, type Route, type Section } from '../../lib/dashboard/route.js';
import { isConfigured, loadSettings, SETTINGS_KEY, type Settings } from '../../lib/settings.js';
import { t } from '../../lib/i18n/t.js';
import { DashboardContext } from './context.js';
import { Loading } from './states.js';
import { AuditsView } from './AuditsView.js';
import { AuditView } from './AuditView.js';
import { CrawlsView } from './CrawlsView.js';
import { CrawlView } from './CrawlView.js';
import { CrawlPagesView } from './CrawlPagesView.js';
import { MonitorsView } from './MonitorsView.js';
import { WebhooksView } from './WebhooksView.js';
import { WebhookView } from './WebhookView.js';
import { ProjectsView } from './ProjectsView.js';
import { ProjectView } from './ProjectView.js';
import { SharesView } from './SharesView.js';
import { TrafficView } from './traffic/TrafficView.js';

/**
 * The full-page view of the configured backend (docs/api-decisions.md#extension): one section per resource, addressed
 * by the URL's hash. Reads work with any key; writes are disabled, with the reason, for a read-only key.
 */
export function Dashboard() {
  const settings = useSettings();
  const route = useRoute();
  const [caps, setCaps] = useState<Capabilities | null>(null);
  const main = useRef<HTMLElement>(null);

  const api = useMemo(() => (settings && isConfigured(settings) ? createApiClient(settings) : null), [settings]);
  useEffect(() => {
    setCaps(null);
    if (api) void probeCapabilities(api).then(setCaps);
  }, [api]);
  useFocusOnNewView(route, main);

  const current = sectionOf(route);
  return (
    <div class="dash">
      <a class="skip" href="#main" onClick={(e) => (e.preventDefault(), main.current?.focus())}>
        {t('dashSkip')}
      </a>
      <DashHeader current={current} backendUrl={api?.backendUrl ?? null} />
      <main id="main" ref={main} tabIndex={-1} class="dash-main">
        {caps && !caps.canWrite && (
          <p class="banner" id="read-only-note" data-testid="read-only">
            {caps.readOnlyReason}
          </p>
        )}
        {settings === null && <Loading what={t('dashWhatSettings')} />}
        {settings !== null && !api && <NotConfigured />}
        {api && (
          <DashboardContext.Provider value={{ api, caps }}>
            <View route={route} />
          </DashboardContext.Provider>
        )}
      </main>
    </div>
  );
}

/** The settings (null while they load), read again whenever Options (another tab) saves them. */
function useSettings(): Settings | null {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    void loadSettings().then(setSettings);
    const onChange = (changes: Record<string, unknown>) => {
      if (SETTINGS_KEY in changes) void loadSettings().then(setSettings);
    };
    browser.storage.onChanged.addListener(onChange);
    return () => browser.storage.onChanged.removeListener(onChange);
  }, []);
  return settings;
}

/** The view the URL's hash names, following it as it changes. */
function useRoute(): Route {
  const [route, setRoute] = useState<Route>(() => parseRoute(location.hash));
  useEffect(() => {
    const onHash = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  return route;
}

/** Keyboard and screen reader users land on the new view's heading, not at the top of the page (not on the first view). */
function useFocusOnNewView(route: Route, main: RefObject<HTMLElement | null>): void {
  const firstRoute = useRef(true);
  useEffect(() => {
    if (firstRoute.current) {
      firstRoute.current = false;
      return;
    }
    main.current?.focus({ preventScroll: false });
  }, [route]);
}

/** The title, the sections (the current one marked) and the backend with the way to Options. */
function DashHeader({ current, backendUrl }: { current: Section; backendUrl: string | null }) {
  return (
    <header class="dash-head">
      <p class="dash-title">
        <strong>Citable</strong> <span class="muted">{t('dashTitle')}</span>
      </p>
      <nav aria-label={t('dashSections')}>
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.view}>
              <a href={routeHref({ view: s.view } as Route)} aria-current={s.view === current ? 'page' : undefined}>
                {t(s.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p class="dash-backend small">
        {backendUrl !== null ? (
          <>
            <span class="muted">{t('dashBackend')}</span> {backendUrl}
          </>
        ) : null}{' '}
        <a href={browser.runtime.getURL('/options.html')}>{t('dashOptions')}</a>
      </p>
    </header>
  );
}

function View({ route }: { route: Route }) {
  switch (route.view) {
    case 'audits':
      return <AuditsView />;
    case 'audit':
      return <AuditView id={route.id} />;
    case 'crawls':
      return <CrawlsView />;
    case 'crawl':
      return <CrawlView id={route.id} />;
    case 'crawl-pages':
      return <CrawlPagesView id={route.id} rule={route.rule} />;
    case 'monitors':
      return <MonitorsView />;
    case 'webhooks':
      return <WebhooksView />;
    case 'webhook':
      return <WebhookView id={route.id} />;
    case 'projects':
      return <ProjectsView />;
    case 'project':
      return <ProjectView id={route.id} />;
    case 'project-traffic':
      return <TrafficView id={route.id} />;
    case 'shares':
      return <SharesView />;
  }
}

function NotConfigured() {
  return (
    <div class="state state-setup" data-state="not-configured">
      <h1>{t('dashConnectTitle')}</h1>
      <p>{t('dashConnectBody')}</p>
      <p>
        {t('dashConnectEnter')} <a href={browser.runtime.getURL('/options.html')}>{t('dashOptions')}</a>
        {t('dashConnectSaved')}
      </p>
    </div>
  );
}
