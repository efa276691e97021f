/** The result of each group (of each panel): what happened, and why when it did not go through. */
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import type { GroupStatus, GroupSummary } from './group-summary.ts';
import { groupTitle, reasonText, statusText } from './template-texts.ts';

const COLORS: Record<GroupStatus, 'success' | 'default' | 'error' | 'warning' | 'info'> = {
  written: 'success',
  read: 'success',
  unchanged: 'default',
  failed: 'error',
  skipped: 'warning',
  partial: 'warning',
};

export interface GroupResultsProps {
  /** The table's name. */
  label: string;
  groups: readonly GroupSummary[];
  /** Names each row's panel (a column of its own), when the job covers several panels. */
  panelName?(devId: number): string;
}

export function GroupResults({ label, groups, panelName }: GroupResultsProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  if (groups.length === 0) return null;
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {panelName ? (
              <TableCell component="th" scope="col">
                {tt('programming.templates.columns.panel')}
              </TableCell>
            ) : null}
            <TableCell component="th" scope="col">
              {tt('programming.templates.columns.group')}
            </TableCell>
            <TableCell component="th" scope="col">
              {tt('programming.templates.columns.result')}
            </TableCell>
            <TableCell component="th" scope="col">
              {tt('programming.templates.columns.detail')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((summary) => {
            const { counts } = summary;
            const total = counts.written + counts.unchanged + counts.read + counts.failed + counts.skipped;
            const done = counts.written + counts.unchanged + counts.read;
            const why = summary.status === 'failed' || summary.status === 'skipped' || summary.status === 'partial';
            return (
              <TableRow key={`${summary.devId}/${summary.group}`}>
                {panelName ? <TableCell>{panelName(summary.devId)}</TableCell> : null}
                <TableCell component="th" scope="row">
                  {groupTitle(tt, summary.group)}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={COLORS[summary.status]}
                    label={statusText(tt, summary.status)}
                  />
                </TableCell>
                <TableCell>
                  {tt('programming.templates.progress.records', { done, count: total })}
                  {why ? ` — ${reasonText(tt, summary.reason)}` : ''}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
