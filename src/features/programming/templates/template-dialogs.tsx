/**
 * The programming template dialogs of a panel: Export (reads only), Import and Apply to other panels. The panel
 * detail's template buttons (in the detail's own chunk) load them with the programming chunk on the first click.
 */
import type { TemplateDialogsProps } from '../../../lib/panels/programming-parts.ts';
import { ApplyDialog } from './apply-dialog.tsx';
import { ExportDialog } from './export-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';

export function TemplateDialogs({ devId, panelName, login, opened, onClose }: TemplateDialogsProps) {
  const dialog = { devId, panelName, login, onClose };
  return (
    <>
      <ExportDialog {...dialog} open={opened === 'export'} />
      <ImportDialog {...dialog} open={opened === 'import'} />
      <ApplyDialog {...dialog} open={opened === 'apply'} />
    </>
  );
}
