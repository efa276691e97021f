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

/** Every panel rendered: the list until the virtual list's code has loaded (the first page is a few panels). */
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
