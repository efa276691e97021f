/**
 * A panel's answer code, as the contract states it (`sendCommand`): 0 the panel did what was asked, 2 it refused
 * (a wrong password), 5 it is not connected; any other code is the panel's own error. Commands and settings reads
 * answer it as `Err`, the password check (getpanelsettings command USER) as `err`; this is the one place that reads
 * either.
 */
export const PANEL_ANSWER = { accepted: 0, refused: 2, disconnected: 5 } as const;

/** The code of a panel answer (`Err`, else `err`), or undefined when the answer carries none. */
export function panelAnswerCode(answer: unknown): number | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const { Err, err } = answer as { Err?: unknown; err?: unknown };
  const code = Err ?? err;
  return typeof code === 'number' ? code : undefined;
}

/** The panel did what was asked (code 0). */
export const panelAccepted = (answer: unknown): boolean => panelAnswerCode(answer) === PANEL_ANSWER.accepted;

/**
 * A panel password check (getpanelsettings command USER) grants access to the panel (spec 1 §6): no error and
 * `user_no` above 0. What the panel user may do there is read by `src/lib/panels/panel-authority.ts`.
 */
export const passwordCheckGrants = (answer: { Err?: number; err?: number; user_no?: number }): boolean =>
  panelAccepted(answer) && (answer.user_no ?? 0) > 0;
