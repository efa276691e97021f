/**
 * The panel list's frame and its items, shared by the virtual list and the plain one it starts as: the same
 * markup, so nothing moves when the virtual list takes over.
 */
import { forwardRef, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { LoadedPanel } from '../../../lib/panels/user-panels.ts';
import { PanelCard } from './panel-card.tsx';
import { PanelRow } from './panel-row.tsx';
import type { OpenPanelMenu } from './panel-more-button.tsx';
import type { PanelViewMode } from './view-mode.ts';

export const CARD_MIN_WIDTH = 300;
export const GAP = 16;

export const ListFrame = forwardRef<
  HTMLDivElement,
  { mode: PanelViewMode; style?: CSSProperties; children: ReactNode }
>(function ListFrame({ mode, style, children }, ref) {
  const { t } = useTranslation();
  return (
    <Box
      ref={ref}
      role="list"
      aria-label={t('panels.list.label')}
      data-testid="panel-list"
      data-view={mode}
      sx={{ position: 'relative' }}
      style={style}
    >
      {children}
    </Box>
  );
});

/** Panels `first` onwards, each with its place in the whole list (for screen readers, as only a window shows). */
export function PanelItems({
  panels,
  first,
  total,
  mode,
  onMenu,
}: {
  panels: LoadedPanel[];
  first: number;
  total: number;
  mode: PanelViewMode;
  onMenu: OpenPanelMenu;
}) {
  const Item = mode === 'cards' ? PanelCard : PanelRow;
  return panels.map((panel, offset) => (
    <Item key={panel.row.dev_id} panel={panel} index={first + offset + 1} size={total} onMenu={onMenu} />
  ));
}

/**
 * Up to this many panels the list is drawn plainly, and stays so: a swap to the virtual list remounts every row, and a
 * click that falls between its mouse-down and mouse-up (a slow phone, a loaded machine) would land on no button. The
 * virtual list takes over only once a person has loaded more (the first page is 10 panels).
 */
export const PLAIN_LIST_LIMIT = 40;

/** Every panel rendered: the list of up to PLAIN_LIST_LIMIT panels, and the larger one until the virtual list's code has loaded. */
export function PlainPanels({
  panels,
  mode,
  onMenu,
}: {
  panels: LoadedPanel[];
  mode: PanelViewMode;
  onMenu: OpenPanelMenu;
}) {
  return (
    <ListFrame mode={mode}>
      <Box
        role="none"
        sx={{
          display: 'grid',
          gap: mode === 'cards' ? `${GAP}px` : 0,
          gridTemplateColumns:
            mode === 'cards' ? `repeat(auto-fill, minmax(min(100%, ${CARD_MIN_WIDTH}px), 1fr))` : '1fr',
        }}
      >
        <PanelItems panels={panels} first={0} total={panels.length} mode={mode} onMenu={onMenu} />
      </Box>
    </ListFrame>
  );
}
