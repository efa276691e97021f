import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { PanelView } from '../../../lib/panels/panel-view.ts';
import { menuKey, sameBy } from './part-keys.ts';

/** Opens the page's one menu of a panel's list actions (change description, delete). */
export type OpenPanelMenu = (panel: PanelView, anchor: HTMLElement) => void;

export const PanelMoreButton = memo(
  function PanelMoreButton({ view, onOpen }: { view: PanelView; onOpen: OpenPanelMenu }) {
    const { t } = useTranslation();
    return (
      <IconButton
        aria-label={t('panels.list.moreActions', { name: view.description })}
        aria-haspopup="menu"
        onClick={(event) => onOpen(view, event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
    );
  },
  sameBy('view', menuKey),
);
