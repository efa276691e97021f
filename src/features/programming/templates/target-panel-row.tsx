/** One panel of the user's list as a target: a checkbox and, once chosen, its panel password. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PanelListRow } from '@generated/api/types.gen.ts';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import type { UserAuthority } from '@generated/api/types.gen.ts';
import { usePanelLive } from '../../../lib/live/use-live.ts';
import { programmingBlock } from '../../../lib/panels/programming-block.ts';
import { mergePanelView } from '../../../lib/panels/panel-view.ts';

export interface TargetPanelRowProps {
  row: PanelListRow;
  /** The panel password when chosen; undefined when not chosen. */
  password: string | undefined;
  disabled?: boolean;
  /** The user's plan permissions: without PRG, or while the panel is armed (as the live feed has it now), the
   * panel cannot be chosen. One that is not connected can be: its steps report it (it may be back by then). */
  plan: UserAuthority | undefined;
  onToggle(on: boolean): void;
  onPassword(password: string): void;
}

export const panelLabel = (row: Pick<PanelListRow, 'description' | 'dev_id'>): string =>
  row.description ? `${row.description} (${row.dev_id})` : String(row.dev_id);

export function TargetPanelRow({ row, password, disabled, plan, onToggle, onPassword }: TargetPanelRowProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const hintId = useId();
  const chosen = password !== undefined;
  const name = panelLabel(row);
  const view = mergePanelView(row, usePanelLive(row.dev_id)?.state);
  const block = programmingBlock(view, plan, { requireConnected: false });
  const hint = block
    ? t(block)
    : view.connected === false
      ? tt('programming.templates.targets.notConnected')
      : undefined;
  return (
    <ListItem divider disableGutters>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: '100%', alignItems: { sm: 'center' } }}>
        <FormControlLabel
          sx={{ flexGrow: 1, mr: 0 }}
          control={
            <Checkbox
              checked={chosen}
              disabled={disabled || (block !== undefined && !chosen)}
              onChange={(event) => onToggle(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': hint ? hintId : undefined } }}
            />
          }
          label={
            <>
              <Typography variant="body1">{name}</Typography>
              {hint ? (
                <Typography id={hintId} variant="body2" color="text.secondary">
                  {hint}
                </Typography>
              ) : null}
            </>
          }
        />
        {chosen ? (
          <TextField
            size="small"
            type="password"
            autoComplete="off"
            label={tt('programming.templates.targets.passwordShort')}
            slotProps={{ htmlInput: { 'aria-label': tt('programming.templates.targets.password', { name }) } }}
            value={password}
            disabled={disabled}
            required
            error={password === ''}
            helperText={password === '' ? tt('programming.templates.targets.passwordNeeded') : undefined}
            onChange={(event) => onPassword(event.target.value)}
            sx={{ minWidth: { sm: 260 } }}
          />
        ) : null}
      </Stack>
    </ListItem>
  );
}
