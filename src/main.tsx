import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from './lib/config/config.ts';
import { setRuntimeConfig } from './lib/config/runtime.ts';
import { configureGateway } from './lib/api/gateway.ts';
import { initI18n } from './lib/i18n/i18n.ts';
import { applyDayjsLocale } from './lib/i18n/locale-packs.ts';
import { toastStore } from './shared/toast/toast-store.ts';
import { App } from './app/app.tsx';
import { ErrorBoundary } from './app/error-boundary.tsx';
import { paths } from './lib/routing/paths.ts';

async function boot(): Promise<void> {
  const root = document.getElementById('root')!;
  const i18n = await initI18n();
  applyDayjsLocale(i18n.language);
  try {
    const config = await loadConfig();
    setRuntimeConfig(config);
    configureGateway({
      baseUrl: config.apiBaseUrl,
      language: () => i18n.language,
      onError: (error) =>
        toastStore.show({
          severity: 'error',
          title: error.isNetworkFailure ? undefined : i18n.t('errors.title'),
          message: error.isNetworkFailure ? i18n.t('errors.network') : error.message,
          persistent: true,
        }),
      onUnauthorized: () => window.location.assign(paths.login),
    });
  } catch (error) {
    // Without a valid configuration the console cannot talk to anything: say exactly what is wrong.
    root.textContent = `${i18n.t('errors.config')}: ${error instanceof Error ? error.message : String(error)}`;
    root.setAttribute('role', 'alert');
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary message={i18n.t('errors.pageError')}>
        <App language={i18n.language} />
      </ErrorBoundary>
    </StrictMode>,
  );
}

void boot();
