/**
 * Everything a person does to one panel from the list (spec 1 §3, §4, §6): open it (its detail, which asks for the
 * panel password when entered), program it (the detail's Zones tab with its programming, the same way), arm / stay-arm / disarm
 * (partitions one by one; the command dialog asks for the password every time), the zone list (bypass) and the
 * output list (switch), which ask for the panel password every time they open. A button
 * that cannot be used now stays visible, disabled, with its reason as a hint and as its accessible
 * description. Every dialog loads when first opened, so the list does not carry their code.
 *
 * The buttons live in the panel's row; the dialog they open does not. A row is mounted and unmounted as the list
 * likes (the plain first page gives way to the virtual list once its code arrives, a resize or the scrollbar a dialog
 * hides changes the number of columns, and the virtual list may draw the new rows a frame later), and the dialog must
 * not vanish under the person typing a password. So a row only names the dialog its panel has open, and the page's
 * one `PanelDialogs` draws it from the list's data, as long as the panel is listed and the page is open.
 */
import { lazy, memo, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import Stack from '@mui/material/Stack';
import { paths } from '../../../lib/routing/paths.ts';
import type { PanelDetailSearch } from '../../../lib/routing/panel-detail-search.ts';
import type { PanelLogin } from '../../../lib/session/panel-logins.ts';
import type { PanelView } from '../../../lib/panels/panel-view.ts';
import type { LoadedPanel } from '../../../lib/panels/user-panels.ts';
import { usePanelItem } from '../list/use-panel-item.ts';
import { actionsKey, sameBy } from '../list/part-keys.ts';
import { offeredActions, type CommandName, type OfferedAction } from './panel-actions-model.ts';
import { ActionButton, useActionLabel } from './action-button.tsx';
import { usePlanPermissions } from '../../../lib/panels/use-plan-permissions.ts';
import type { PartItem } from '@generated/api/types.gen.ts';
import { LazyDialog } from '../../../shared/dialogs/lazy-dialog.tsx';

const CommandDialog = lazy(() => import('./command-dialog.tsx'));
const PanelPasswordDialog = lazy(() => import('./panel-password-dialog.tsx'));
const ZoneListDialog = lazy(() => import('./zone-list-dialog.tsx'));
const OutputListDialog = lazy(() => import('./output-list-dialog.tsx'));

type Behind = 'zones' | 'outputs';
type Opened =
  | { kind: 'command'; command: CommandName; partition?: PartItem }
  | { kind: 'login'; then: Behind }
  | { kind: 'zones'; login: PanelLogin }
  | { kind: 'outputs'; login: PanelLogin };

/** The dialog open on the list, if any: which panel's, and which. */
interface OpenedOf {
  devId: number;
  opened: Opened;
}
let openDialog: OpenedOf | null = null;
const dialogListeners = new Set<() => void>();

function setOpenDialog(next: OpenedOf | null): void {
  if (next === openDialog) return;
  openDialog = next;
  for (const listener of dialogListeners) listener();
}
const subscribeDialogs = (listener: () => void) => {
  dialogListeners.add(listener);
  return () => void dialogListeners.delete(listener);
};
const currentDialog = () => openDialog;

/** The panel's buttons; re-rendered only when what they offer changes (not by every live message: part-keys.ts). */
export const PanelActions = memo(
  function PanelActions({ panel, variant }: { panel: PanelView; variant: 'card' | 'row' }) {
    const { t } = useTranslation();
    const navigate = useNavigate();
    const plan = usePlanPermissions();
    const devId = panel.dev_id;
    const setOpened = (opened: Opened) => setOpenDialog({ devId, opened });

    const openDetail = (search: PanelDetailSearch = {}) => void navigate({ to: paths.panelDetail(devId), search });

    const labelOf = useActionLabel();
    const run = ({ action }: OfferedAction) => {
      if (action.kind === 'open') openDetail();
      // Programming is the installer's: the detail opens on its Zones tab, where the first programming (a zone's)
      // starts and the other menu is at hand; a login that is not the installer's is told so.
      else if (action.kind === 'program') openDetail({ tab: 'zones', program: true });
      else if (action.kind === 'zones' || action.kind === 'outputs') setOpened({ kind: 'login', then: action.kind });
      else setOpened({ kind: 'command', command: action.command, partition: action.partition });
    };

    return (
      <Stack
        direction="row"
        role="group"
        aria-label={t('commands.actions', { name: panel.description })}
        sx={{ flexWrap: 'wrap', gap: variant === 'card' ? 1 : 0.5, alignItems: 'center' }}
      >
        {offeredActions(panel, plan).map((offered) => (
          <ActionButton
            key={offered.key}
            offered={offered}
            label={labelOf(offered)}
            // Partition buttons name their partition, which an icon cannot; they stay text buttons.
            compact={variant === 'row' && !(offered.action.kind === 'command' && offered.action.partition)}
            onClick={() => run(offered)}
          />
        ))}
      </Stack>
    );
  },
  sameBy('panel', actionsKey),
);

/** The dialog one panel has open, over that panel as the list and the live feed show it now. */
function PanelDialog({ loaded, opened }: { loaded: LoadedPanel; opened: Opened }) {
  const { view: panel } = usePanelItem(loaded);
  const devId = panel.dev_id;
  const close = () => setOpenDialog(null);
  return (
    <LazyDialog>
      {opened.kind === 'command' ? (
        <CommandDialog open panel={panel} command={opened.command} partition={opened.partition} onClose={close} />
      ) : null}
      {opened.kind === 'login' ? (
        <PanelPasswordDialog
          open
          devId={devId}
          panelName={panel.description}
          onClose={close}
          onAccepted={(login) => setOpenDialog({ devId, opened: { kind: opened.then, login } })}
        />
      ) : null}
      {opened.kind === 'zones' ? <ZoneListDialog open panel={panel} login={opened.login} onClose={close} /> : null}
      {opened.kind === 'outputs' ? <OutputListDialog open panel={panel} login={opened.login} onClose={close} /> : null}
    </LazyDialog>
  );
}

/**
 * The list page's one place for the dialog a panel's action opened: drawn while the panel is listed, closed when it
 * is not (a search left it out, it was removed) and when the page is left.
 */
export function PanelDialogs({ panels }: { panels: readonly LoadedPanel[] }) {
  const current = useSyncExternalStore(subscribeDialogs, currentDialog);
  const loaded = current ? panels.find((panel) => panel.row.dev_id === current.devId) : undefined;
  useEffect(() => {
    if (current && !loaded) setOpenDialog(null);
  }, [current, loaded]);
  useEffect(() => () => setOpenDialog(null), []);
  return current && loaded ? <PanelDialog key={current.devId} loaded={loaded} opened={current.opened} /> : null;
}
