/**
 * The panel list (/Panels, spec 1 §2): card or list view, keyword search on Enter, "more panels", the add flow, and
 * per panel its state live from the feed with the commands, and a menu to rename or delete it.
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useQueryClient } from '@tanstack/react-query';
import { searchDevicesOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { Page, QueryState } from '../../shared/page/page.tsx';
import { flattenPanels, type LoadedPanel } from '../../lib/panels/user-panels.ts';
import { usePanels, useReloadPanels } from './api/get-panels.ts';
import { usePanelSearch } from './api/search-panels.ts';
import { LiveProvider } from './live-provider.tsx';
import { LiveChip } from './list/live-chip.tsx';
import { SearchForm } from './list/search-form.tsx';
import { ViewToggle } from './list/view-toggle.tsx';
import { useViewMode } from './list/view-mode.ts';
import { PLAIN_LIST_LIMIT, PlainPanels } from './list/panel-items.tsx';
import type { OpenPanelMenu } from './list/panel-more-button.tsx';
import type { PanelView } from '../../lib/panels/panel-view.ts';
import { PanelDialogs } from './commands/panel-actions.tsx';
import { LazyDialog } from '../../shared/dialogs/lazy-dialog.tsx';

// The virtual list's code (the virtualizer) loads once a person has loaded more panels than the plain list draws.
const VirtualPanels = lazy(() => import('./list/virtual-panels.tsx').then((m) => ({ default: m.VirtualPanels })));
// The dialogs load when one is first opened: the list paints without them.
const AddPanelDialog = lazy(() => import('./list/add-panel-dialog.tsx').then((m) => ({ default: m.AddPanelDialog })));
const RenamePanelDialog = lazy(() =>
  import('./list/rename-panel-dialog.tsx').then((m) => ({ default: m.RenamePanelDialog })),
);
const RemovePanelDialog = lazy(() =>
  import('./list/remove-panel-dialog.tsx').then((m) => ({ default: m.RemovePanelDialog })),
);

type OpenDialog = { kind: 'add' } | { kind: 'rename' | 'remove'; panel: PanelView };

/** The live store is provided to the whole page: the header's live chip reads it as well as every panel. */
export function PanelListPage() {
  return (
    <LiveProvider>
      <PanelList />
    </LiveProvider>
  );
}

function PanelList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [mode, setMode] = useViewMode();
  const panels = usePanels();
  const reload = useReloadPanels();
  // The keyword searched (cleaned); empty shows the default list.
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState(false);
  const [noMatch, setNoMatch] = useState('');
  const search = usePanelSearch(query);
  const [menu, setMenu] = useState<{ panel: PanelView; anchor: HTMLElement } | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const listed = useMemo(() => flattenPanels(panels.data.pages), [panels.data.pages]);
  const found = useMemo<LoadedPanel[]>(
    () => (search.data?.data ?? []).map((row) => ({ row, loadedAt: search.dataUpdatedAt })),
    [search.data, search.dataUpdatedAt],
  );
  const shown = query ? found : listed;
  const total = panels.data.pages.at(-1)?.list_info.total_count ?? listed.length;

  const runSearch = async (text: string) => {
    setNoMatch('');
    if (!text) return setQuery('');
    setSearching(true);
    try {
      const result = await queryClient.fetchQuery({ ...searchDevicesOptions({ path: { text } }), staleTime: 0 });
      if (result.data.length > 0) return setQuery(text);
      // Nothing matched: the default list is loaded again (spec 1 §5), and the page says why it shows.
      setQuery('');
      setNoMatch(text);
      await reload();
    } catch {
      // The failure was reported once by the query cache; the list shown stays as it was.
    } finally {
      setSearching(false);
    }
  };

  const openMenu = useCallback<OpenPanelMenu>((panel, anchor) => {
    returnFocus.current = anchor;
    setMenu({ panel, anchor });
  }, []);
  const openDialog = (next: OpenDialog) => {
    setMenu(null);
    setDialog(next);
  };
  const closeDialog = () => {
    setDialog(null);
    // Back to the button that opened the dialog, when its panel is still rendered.
    requestAnimationFrame(() => {
      if (returnFocus.current?.isConnected) returnFocus.current.focus();
    });
  };
  const done = () => {
    closeDialog();
    if (query) void search.refetch();
  };

  return (
    <Page title={t('panels.title')} actions={<LiveChip />}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <SearchForm pending={searching} onSearch={(text) => void runSearch(text)} />
        <ViewToggle mode={mode} onChange={setMode} />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={(event) => {
            returnFocus.current = event.currentTarget;
            setDialog({ kind: 'add' });
          }}
        >
          {t('panels.list.add.button')}
        </Button>
      </Stack>
      <Box aria-live="polite">
        {noMatch ? (
          <Alert severity="info" sx={{ mb: 2 }} onClose={() => setNoMatch('')}>
            {t('panels.list.search.noMatch', { text: noMatch })}
          </Alert>
        ) : null}
        {query && search.data ? (
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
            <Typography>{t('panels.list.search.results', { count: found.length, text: query })}</Typography>
            <Button size="small" onClick={() => setQuery('')}>
              {t('panels.list.search.clear')}
            </Button>
          </Stack>
        ) : null}
      </Box>
      <QueryState
        isPending={Boolean(query) && search.isPending}
        isError={Boolean(query) && search.isError}
        isEmpty={shown.length === 0}
        errorText={t('panels.list.search.failed')}
        emptyText={t('panels.empty')}
        onRetry={() => void search.refetch()}
      >
        {shown.length <= PLAIN_LIST_LIMIT ? (
          <PlainPanels panels={shown} mode={mode} onMenu={openMenu} />
        ) : (
          <Suspense fallback={<PlainPanels panels={shown} mode={mode} onMenu={openMenu} />}>
            <VirtualPanels panels={shown} mode={mode} onMenu={openMenu} />
          </Suspense>
        )}
      </QueryState>
      <PanelDialogs panels={shown} />
      {!query ? (
        <Stack sx={{ alignItems: 'center', gap: 1, mt: 3 }}>
          <Typography variant="body2" color="text.secondary" data-testid="panel-count">
            {t('panels.list.shown', { loaded: listed.length, total: Math.max(total, listed.length) })}
          </Typography>
          {panels.hasNextPage ? (
            <Button
              variant="outlined"
              loading={panels.isFetchingNextPage}
              onClick={() => void panels.fetchNextPage({ cancelRefetch: false })}
            >
              {t('panels.list.more')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => menu && openDialog({ kind: 'rename', panel: menu.panel })}>
          {t('panels.list.rename.action')}
        </MenuItem>
        <MenuItem onClick={() => menu && openDialog({ kind: 'remove', panel: menu.panel })}>
          {t('panels.list.remove.action')}
        </MenuItem>
      </Menu>
      <LazyDialog>
        {dialog?.kind === 'add' ? <AddPanelDialog open onClose={closeDialog} /> : null}
        {dialog?.kind === 'rename' ? (
          <RenamePanelDialog panel={dialog.panel} open onClose={closeDialog} onDone={done} />
        ) : null}
        {dialog?.kind === 'remove' ? (
          <RemovePanelDialog panel={dialog.panel} open onClose={closeDialog} onDone={done} />
        ) : null}
      </LazyDialog>
    </Page>
  );
}
