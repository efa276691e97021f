import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { ConfigError, loadConfig, requestTimeoutMs, sessionMode } from './lib/config/config.ts';
import { setRuntimeConfig } from './lib/config/runtime.ts';
import { configureGateway } from './lib/api/gateway.ts';
import { initI18n, loadPageTexts } from './lib/i18n/i18n.ts';
import { refreshAccessToken } from './lib/session/refresh-token.ts';
import { keepSession } from './lib/session/session-keeper.ts';
import { removeLeftovers } from './lib/session/leftovers.ts';
import { followOtherTabs, showSessionNotice } from './lib/session/sign-out.ts';
import { restoreSession } from './lib/session/session-restore.ts';
import { shareTokenWithTabs } from './lib/session/tab-handover.ts';
import { configureTokenStore } from './lib/session/token-store.ts';
import { App } from './app/app.tsx';
import { ErrorBoundary } from './app/error-boundary.tsx';

/** The console with its last line of defence, whose message follows the language too. */
function Root() {
  const { t } = useTranslation();
  return (
    <ErrorBoundary message={t('errors.pageError')}>
      <App />
    </ErrorBoundary>
  );
}

async function boot(): Promise<void> {
  // Whatever an older console kept that this one never keeps (a token in localStorage, panel passwords) goes first.
  removeLeftovers();
  const root = document.getElementById('root')!;
  // config.json and the language file load side by side; a configuration error waits for the language to say it.
  const configLoad = loadConfig().then(
    (config) => ({ config }),
    (error: unknown) => ({ error }),
  );
  const i18n = await initI18n();
  // The tab shows the product name in the interface language (index.html holds the English one until here), and
  // follows a language change.
  const showTitle = () => {
    document.title = i18n.t('app.productName');
  };
  showTitle();
  i18n.on('languageChanged', showTitle);
  // Without a valid configuration the console cannot talk to anything: say exactly what is wrong.
  function sayWhy(error: unknown) {
    root.textContent = `${i18n.t('errors.config')}: ${error instanceof Error ? error.message : String(error)}`;
    root.setAttribute('role', 'alert');
  }
  try {
    const loaded = await configLoad;
    if ('error' in loaded) throw loaded.error;
    const { config } = loaded;
    setRuntimeConfig(config);
    // The token in memory (cookie mode) or in this tab's sessionStorage (bearer mode): never in localStorage.
    configureTokenStore(sessionMode(config));
    configureGateway({
      baseUrl: config.apiBaseUrl,
      language: () => i18n.language,
      timeoutMs: requestTimeoutMs(config),
    });
    // A session ended in another tab (signed out, refused, expired) ends in this one too, the same way; the token
    // goes from tab to tab, and this page asks for it (or renews from the refresh cookie) before its first screen.
    followOtherTabs();
    shareTokenWithTabs();
    await restoreSession();
    // Before the first page: an expired or undecodable token never reaches a call.
    showSessionNotice();
    keepSession({ refresh: refreshAccessToken });
  } catch (error) {
    // No connection at all (a second visit offline, the console served by its service worker): the console's own
    // offline view says so plainly, with "Try again".
    if (error instanceof ConfigError && error.unreachable) {
      import('./app/pwa/offline-view.ts')
        .then((view) => view.showOfflineView(root, i18n, loadPageTexts))
        .catch(() => sayWhy(error));
    } else sayWhy(error);
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

void boot();
