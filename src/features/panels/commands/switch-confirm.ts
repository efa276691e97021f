/**
 * The confirmation asked before an output switch or a zone bypass moves anything. The contract's output list has no
 * output type, and the output function (`aim` of settings group 4) is a code of a server-defined lookup list read
 * only through the panel: the console cannot tell a door lock or a siren from a light, so every output switch asks.
 * The question names the panel and the output or zone (number shown plus one, and name).
 */
import type { TFunction } from 'i18next';
import type { Output, Zone } from '@generated/api/types.gen.ts';
import type { ConfirmTexts } from '../../../shared/dialogs/confirm-dialog.tsx';

export function outputConfirmTexts(t: TFunction, panel: string, output: Output, on: boolean): ConfirmTexts {
  const values = { panel, number: output.out_no + 1, output: output.name };
  return on
    ? {
        title: t('commands.confirm.outputOnTitle', values),
        message: t('commands.confirm.outputOnMessage', values),
        confirm: t('commands.confirm.turnOn'),
      }
    : {
        title: t('commands.confirm.outputOffTitle', values),
        message: t('commands.confirm.outputOffMessage', values),
        confirm: t('commands.confirm.turnOff'),
      };
}

export function bypassConfirmTexts(t: TFunction, panel: string, zone: Zone, on: boolean): ConfirmTexts {
  const values = { panel, number: zone.zone_no + 1, zone: zone.name };
  return on
    ? {
        title: t('commands.confirm.bypassTitle', values),
        message: t('commands.confirm.bypassMessage', values),
        confirm: t('commands.confirm.bypass'),
      }
    : {
        title: t('commands.confirm.unbypassTitle', values),
        message: t('commands.confirm.unbypassMessage', values),
        confirm: t('commands.confirm.unbypass'),
      };
}
