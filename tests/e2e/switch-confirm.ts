/** The confirmation an output switch or a zone bypass asks before it sends anything (English texts). */
import { expect, type Page } from '@playwright/test';

/**
 * Answers the confirmation titled `title`, after checking it names the panel (and whatever else `names` holds); the
 * confirmation is gone afterwards.
 */
export async function answerSwitchConfirmation(
  page: Page,
  title: string,
  names: string[],
  answer: 'confirm' | 'cancel' | 'escape' = 'confirm',
): Promise<void> {
  const confirmation = page.getByRole('dialog', { name: title, exact: true });
  await expect(confirmation).toBeVisible();
  for (const name of names) await expect(confirmation).toContainText(name);
  const cancel = confirmation.getByRole('button', { name: 'Cancel', exact: true });
  // The focus starts on Cancel: an Enter pressed by habit sends nothing.
  await expect(cancel).toBeFocused();
  if (answer === 'escape') await page.keyboard.press('Escape');
  else if (answer === 'cancel') await cancel.click();
  else await confirmation.getByRole('button').filter({ hasNotText: 'Cancel' }).click();
  await expect(confirmation).toBeHidden();
}
