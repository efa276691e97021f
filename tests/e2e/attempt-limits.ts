/** The contract's attempt limits, as the browser tests read them (generated/openapi.json, root `x-attempt-limits`). */
import { readFileSync } from 'node:fs';

/** How many wrong panel passwords lock a panel for one account (the `panel-password` policy's `panel-account` limit). */
export const PANEL_PASSWORD_ATTEMPTS = (() => {
  const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
    'x-attempt-limits': { policies: Record<string, { limits: { per: string; attempts: number }[] }> };
  };
  const limit = contract['x-attempt-limits'].policies['panel-password']!.limits.find(
    (item) => item.per === 'panel-account',
  );
  if (!limit) throw new Error('The contract states no panel-account limit of the panel password');
  return limit.attempts;
})();
