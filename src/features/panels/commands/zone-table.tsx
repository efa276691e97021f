/**
 * The zone table of a panel (spec 1 §3): number (+1), name, bypass switch, state badges, with the panel's password
 * lockout above it. Used by the zone list dialog and the detail's Zones tab.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Zone } from '@generated/api/types.gen.ts';
import { QueryState } from '../../../shared/page/page.tsx';
import { PanelLockoutNotice } from '../../../lib/panels/panel-lockout-notice.tsx';
import { usePanelLockout } from '../../../lib/panels/panel-lockouts.ts';
import { usePanelZones, useConfirmedZoneBypass, ZoneBypassSwitch, ZoneStateBadges } from './zone-bypass.tsx';

export interface ZoneTableProps {
  devId: number;
  /** The panel's name, said in the confirmation a bypass switch asks for. */
  panelName: string;
  /** The panel password the BYPASS commands are sent with. */
  password: string;
  /** False without the BYPASS plan permission: the switches show the state but cannot be used. */
  canBypass: boolean;
  /** Extra cells at the end of each row (the detail's quick edit). */
  renderActions?: (zone: Zone) => ReactNode;
  actionsLabel?: string;
}

/** The cells' padding on a phone. */
const COMPACT_CELLS = { '& .MuiTableCell-root': { px: 0.75 } } as const;

/** The zone table: loading, error (with retry) and empty states included. */
export function ZoneTable({ devId, panelName, password, canBypass, renderActions, actionsLabel }: ZoneTableProps) {
  const { t } = useTranslation();
  const { zones, query } = usePanelZones(devId);
  const { bypass, dialog } = useConfirmedZoneBypass(devId, panelName, password);
  // A panel whose password is locked says so above its list; its switches wait for the lock to end.
  const lockout = usePanelLockout(devId);
  // On a phone the state badges go under the name, and the cells keep less padding: the name keeps the width.
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <>
      <PanelLockoutNotice {...lockout} />
      {dialog}
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        isEmpty={zones.length === 0}
        errorText={t('commands.zone.loadFailed')}
        emptyText={t('commands.zone.empty')}
        onRetry={() => void query.refetch()}
      >
        <Table size="small" aria-label={t('commands.zones')} sx={compact ? COMPACT_CELLS : undefined}>
          <TableHead>
            <TableRow>
              <TableCell>{t('commands.zone.number')}</TableCell>
              <TableCell>{t('commands.zone.name')}</TableCell>
              <TableCell>{t('commands.zone.bypass')}</TableCell>
              {compact ? null : <TableCell>{t('commands.zone.state')}</TableCell>}
              {renderActions ? <TableCell>{actionsLabel}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {zones.map((zone) => (
              <TableRow key={zone.zone_no} data-testid={`zone-${zone.zone_no}`}>
                <TableCell>{zone.zone_no + 1}</TableCell>
                {/*
                  Words stay whole: a word is broken only when it is longer than the column on its own line
                  ("anywhere" would let the table shrink the column to one letter).
                */}
                <TableCell sx={{ overflowWrap: 'break-word', minWidth: '8ch' }}>
                  {zone.name}
                  {compact ? (
                    <Box sx={{ mt: 0.5 }}>
                      <ZoneStateBadges zone={zone} />
                    </Box>
                  ) : null}
                </TableCell>
                <TableCell padding="none">
                  <ZoneBypassSwitch zone={zone} bypass={bypass} disabled={!canBypass || lockout.until !== undefined} />
                </TableCell>
                {compact ? null : (
                  <TableCell>
                    <ZoneStateBadges zone={zone} />
                  </TableCell>
                )}
                {renderActions ? <TableCell>{renderActions(zone)}</TableCell> : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </QueryState>
    </>
  );
}
