/**
 * A panel read that refuses the stored panel password. The contract's password check answers a refused password
 * with code 2 (`password-wrong`: "refused by the panel"); a read answering the same code means the password kept
 * while the panel's detail is open is no longer the panel's, so it is forgotten and the page asks for it again.
 */
import i18next from 'i18next';
import { PANEL_ANSWER, panelAnswerCode } from '../api/panel-answer.ts';
import { StatusFailure } from '../api/status-result.ts';
import { forgetPanelLogin } from '../session/panel-logins.ts';

export const isPasswordRefusal = (result: unknown): boolean => panelAnswerCode(result) === PANEL_ANSWER.refused;

/** Forgets the refused login; the failure it returns says why the password is asked again (one toast). */
export function refusedLogin(devId: number): StatusFailure {
  forgetPanelLogin(devId);
  return new StatusFailure(i18next.t('panelDetail.passwordRefused'));
}
