import { afterEach, describe, expect, it } from 'vitest';
import { forgetPanelLogins, panelLogin, rememberPanelLogin } from '../../../../lib/session/panel-logins.ts';
import { StatusFailure } from '../../../../lib/api/status-result.ts';
import { cardReportFileName } from './card-report.ts';
import { eventsOf, nextEventPosition } from './event-log.ts';
import { deleteMember } from './panel-user-actions.ts';

const PANEL = 864215040012345;
const event = { event_time: '2026-11-20T14:32:05Z', parameter: 'Garaj', description: 'Zon bypass edildi' };
const page = (count: number) => Array.from({ length: count }, () => event);

afterEach(() => forgetPanelLogins());

describe('the event log', () => {
  it('reads 10 events from position 1, then from 11, 21, until a page comes back short', () => {
    expect(nextEventPosition([page(10)])).toBe(11);
    expect(nextEventPosition([page(10), page(10)])).toBe(21);
    expect(nextEventPosition([page(10), page(4)])).toBeUndefined();
    expect(nextEventPosition([page(0)])).toBeUndefined();
  });

  it('takes the events of an Err 0 answer', () => {
    expect(eventsOf(PANEL, { Err: 0, data: page(2) })).toHaveLength(2);
  });

  it('forgets the panel login when the panel refuses its password, and fails', () => {
    rememberPanelLogin(PANEL, { password: '1234', userNo: 0, authority: { installer: true, manage: true } });
    expect(() => eventsOf(PANEL, { Err: 2 })).toThrow(StatusFailure);
    expect(panelLogin(PANEL)).toBeUndefined();
  });

  it('keeps the login on another panel error', () => {
    rememberPanelLogin(PANEL, { password: '1234', userNo: 0, authority: { installer: true, manage: true } });
    expect(() => eventsOf(PANEL, { Err: 5, status: 'Error' })).toThrow(StatusFailure);
    expect(panelLogin(PANEL)).toEqual({ password: '1234', userNo: 0, authority: { installer: true, manage: true } });
  });
});

describe('panel detail calls', () => {
  it('deletes user n as member n + 1', () => {
    expect(deleteMember(3)).toBe(4);
  });

  it('names a saved card report after the panel and its period', () => {
    expect(cardReportFileName(PANEL, { begin: '2026-11-01', end: '2026-11-20' })).toBe(
      'card-report-864215040012345-2026-11-01-2026-11-20.xlsx',
    );
  });
});
