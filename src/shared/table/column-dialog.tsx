/**
 * The column dialog (spec 1 "Generic tables"): show or hide each column and change their order, by dragging a
 * column or with its up and down buttons (the keyboard's way; the move is announced). Nothing changes until Apply;
 * "Default" goes back to the page's own layout.
 */
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import {
  moveColumnBy,
  moveColumnTo,
  setColumnHidden,
  visibleColumnIds,
  type ColumnLayout,
  type LayoutColumn,
} from './column-layout.ts';

export interface DialogColumn extends LayoutColumn {
  header: string;
}

export interface ColumnDialogProps {
  open: boolean;
  columns: readonly DialogColumn[];
  layout: ColumnLayout;
  /** The page's own layout ("Default"). */
  initial: ColumnLayout;
  onApply: (layout: ColumnLayout) => void;
  onClose: () => void;
}

type Focus = { id: string; direction: 'up' | 'down' };

export function ColumnDialog({ open, columns, layout, initial, onApply, onClose }: ColumnDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(layout);
  const [dragging, setDragging] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  // The button to focus after a move (React moves the row's element, which may lose the focus on the way).
  const pendingFocus = useRef<Focus>(undefined);
  const titleId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const byId = new Map(columns.map((column) => [column.id, column]));
  const header = (id: string) => byId.get(id)?.header ?? id;
  const visible = visibleColumnIds(draft);
  const last = draft.order.length - 1;

  // A moved column's button keeps the focus, or its other button once the column reaches an end.
  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = undefined;
    const index = draft.order.indexOf(focus.id);
    const atEnd = (focus.direction === 'up' && index === 0) || (focus.direction === 'down' && index === last);
    const direction = atEnd ? (focus.direction === 'up' ? 'down' : 'up') : focus.direction;
    buttons.current.get(`${focus.id}:${direction}`)?.focus();
  });

  const move = (id: string, delta: -1 | 1) => {
    const next = moveColumnBy(draft, id, delta);
    setDraft(next);
    pendingFocus.current = { id, direction: delta < 0 ? 'up' : 'down' };
    setAnnouncement(
      t('table.columns.moved', { column: header(id), position: next.order.indexOf(id) + 1, total: next.order.length }),
    );
  };

  const dragOver = (event: DragEvent, overId: string) => {
    if (!dragging) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dragging !== overId) setDraft((current) => moveColumnTo(current, dragging, current.order.indexOf(overId)));
  };

  const endDrag = () => {
    if (dragging) {
      setAnnouncement(
        t('table.columns.moved', {
          column: header(dragging),
          position: draft.order.indexOf(dragging) + 1,
          total: draft.order.length,
        }),
      );
    }
    setDragging(undefined);
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('table.columns.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {t('table.columns.hint')}
        </Typography>
        <List dense disablePadding>
          {draft.order.map((id, index) => {
            const column = byId.get(id);
            const shown = visible.includes(id);
            const locked = column?.hideable === false || (shown && visible.length === 1);
            return (
              <ListItem
                key={id}
                disableGutters
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', id);
                  setDragging(id);
                }}
                onDragOver={(event) => dragOver(event, id)}
                onDrop={(event) => event.preventDefault()}
                onDragEnd={endDrag}
                sx={{ gap: 0.5, opacity: dragging === id ? 0.4 : 1, borderRadius: 1 }}
              >
                <Box component="span" aria-hidden sx={{ display: 'flex', cursor: 'grab', color: 'text.secondary' }}>
                  <DragIndicatorIcon fontSize="small" />
                </Box>
                <FormControlLabel
                  sx={{ flexGrow: 1, mr: 0, minWidth: 0, '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                  control={
                    <Checkbox
                      checked={shown}
                      disabled={locked}
                      onChange={(event) => setDraft(setColumnHidden(draft, id, !event.target.checked, columns))}
                    />
                  }
                  label={header(id)}
                />
                <IconButton
                  ref={(element) =>
                    void (element ? buttons.current.set(`${id}:up`, element) : buttons.current.delete(`${id}:up`))
                  }
                  size="small"
                  aria-label={t('table.columns.moveUp', { column: header(id) })}
                  disabled={index === 0}
                  onClick={() => move(id, -1)}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  ref={(element) =>
                    void (element ? buttons.current.set(`${id}:down`, element) : buttons.current.delete(`${id}:down`))
                  }
                  size="small"
                  aria-label={t('table.columns.moveDown', { column: header(id) })}
                  disabled={index === last}
                  onClick={() => move(id, 1)}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
              </ListItem>
            );
          })}
        </List>
        <Box role="status" sx={visuallyHidden}>
          {announcement}
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button onClick={() => setDraft(initial)} sx={{ mr: 'auto' }}>
          {t('table.columns.reset')}
        </Button>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => onApply(draft)}>
          {t('table.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
