/**
 * The panels to apply to, from the user's panel list (page by page, "More panels"), without the source panel.
 * Each chosen panel needs its installer password, typed here (a panel's password is kept only while its own detail
 * page is open, and the source panel's is not offered).
 */
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { flattenPanels, panelsOptions } from '../../../lib/panels/user-panels.ts';
import { usePlanPermissions } from '../../../lib/panels/use-plan-permissions.ts';
import { panelLabel, TargetPanelRow } from './target-panel-row.tsx';
import { ErrorWithRetry } from '../../../shared/page/error-with-retry.tsx';

export interface Target {
  name: string;
  password: string;
}

export interface TargetPanelsProps {
  /** The source panel (not offered). */
  devId: number;
  targets: ReadonlyMap<number, Target>;
  onChange(targets: ReadonlyMap<number, Target>): void;
  disabled?: boolean;
}

export function TargetPanels({ devId, targets, onChange, disabled }: TargetPanelsProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const panels = useInfiniteQuery(panelsOptions());
  const plan = usePlanPermissions();
  const rows = flattenPanels(panels.data?.pages ?? [])
    .map(({ row }) => row)
    .filter((row) => row.dev_id !== devId);
  const change = (id: number, target: Target | undefined) => {
    const next = new Map(targets);
    if (target) next.set(id, target);
    else next.delete(id);
    onChange(next);
  };
  return (
    <Stack spacing={1} component="section" aria-labelledby="template-apply-targets">
      <Typography id="template-apply-targets" variant="h6" component="h3">
        {tt('programming.templates.targets.title', { count: targets.size })}
      </Typography>
      {panels.isPending ? <CircularProgress aria-label={t('common.loading')} /> : null}
      {panels.isError ? (
        <ErrorWithRetry onRetry={() => void panels.refetch()}>
          {tt('programming.templates.targets.failed')}
        </ErrorWithRetry>
      ) : null}
      {panels.isSuccess && rows.length === 0 ? (
        <Typography color="text.secondary">{tt('programming.templates.targets.none')}</Typography>
      ) : null}
      <List dense disablePadding aria-label={tt('programming.templates.targets.list')}>
        {rows.map((row) => (
          <TargetPanelRow
            key={row.dev_id}
            row={row}
            password={targets.get(row.dev_id)?.password}
            disabled={disabled}
            plan={plan}
            onToggle={(on) => change(row.dev_id, on ? { name: panelLabel(row), password: '' } : undefined)}
            onPassword={(password) => change(row.dev_id, { name: panelLabel(row), password })}
          />
        ))}
      </List>
      {panels.hasNextPage ? (
        <Button
          onClick={() => void panels.fetchNextPage()}
          disabled={panels.isFetchingNextPage}
          loading={panels.isFetchingNextPage}
          sx={{ alignSelf: 'flex-start' }}
        >
          {tt('programming.templates.targets.more')}
        </Button>
      ) : null}
    </Stack>
  );
}
