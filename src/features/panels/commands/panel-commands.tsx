/**
 * The commands of an opened panel (spec 1 §4), on its detail: arm, stay-arm and disarm (partitions one by one), as
 * the panel list offers them (`offeredActions`: what the panel's state allows, the plan's permissions, a panel that
 * is not connected cannot be commanded, each with its reason) and with the same command dialog: it asks for the panel
 * password every time (the detail's own login is not used for a command), shows the ready-to-arm check, the panel's
 * lockout, and the same toast, sound and arm watch; nothing is sent again by itself.
 */
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import type { PartItem } from '@generated/api/types.gen.ts';
import type { PanelView } from '../../../lib/panels/panel-view.ts';
import { usePlanPermissions } from '../../../lib/panels/use-plan-permissions.ts';
import { ActionButton, useActionLabel } from './action-button.tsx';
import { offeredActions, type CommandName } from './panel-actions-model.ts';
import { LazyDialog } from '../../../shared/dialogs/lazy-dialog.tsx';

const CommandDialog = lazy(() => import('./command-dialog.tsx'));

interface OpenedCommand {
  command: CommandName;
  partition?: PartItem;
}

export function PanelCommands({ panel }: { panel: PanelView }) {
  const { t } = useTranslation();
  const plan = usePlanPermissions();
  const labelOf = useActionLabel();
  const [opened, setOpened] = useState<OpenedCommand>();
  const commands = offeredActions(panel, plan).filter((offered) => offered.action.kind === 'command');
  return (
    <>
      <Stack
        direction="row"
        role="group"
        aria-label={t('commands.actions', { name: panel.description })}
        data-testid="panel-commands"
        sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        {commands.map((offered) => (
          <ActionButton
            key={offered.key}
            offered={offered}
            label={labelOf(offered)}
            compact={false}
            onClick={() => {
              const { action } = offered;
              if (action.kind === 'command') setOpened({ command: action.command, partition: action.partition });
            }}
          />
        ))}
      </Stack>
      {opened ? (
        <LazyDialog>
          <CommandDialog
            open
            panel={panel}
            command={opened.command}
            partition={opened.partition}
            onClose={() => setOpened(undefined)}
          />
        </LazyDialog>
      ) : null}
    </>
  );
}
