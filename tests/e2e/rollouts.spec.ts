import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { contractToken, expectAccessible, localeText, MOCK_API, openSignedIn, resetPanels } from './support.ts';

// Firmware roll-outs (proposed calls) against the mock stack, whose roll-outs area
// (mocks/areas/firmware-rollouts.ts) updates the MX-16G panels of the simulator and a generated fleet of 60 on its
// own clock; its control makes the clock fast and the failures deterministic, so the tests are short and exact.

test.use({ timezoneId: 'Europe/Istanbul' });

/** The mock's clock and failures for these tests: a "minute" of 50 ms, an update of 100 ms. */
async function configure(request: APIRequestContext, failureRate: number): Promise<void> {
  const response = await request.post(`${MOCK_API}/__mock/rollouts/config`, {
    data: { failure_rate: failureRate, offline_rate: 0, minute_ms: 50, update_ms: 100 },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.beforeEach(async ({ request }) => {
  expect((await request.post(`${MOCK_API}/__mock/areas/reset`)).status()).toBe(200);
  await resetPanels(request);
});

test.afterEach(async ({ request }) => {
  // The updates take the simulated panels off the feed: every later test starts from the examples again.
  expect((await request.post(`${MOCK_API}/__mock/areas/reset`)).status()).toBe(200);
  await resetPanels(request);
});

const grid = (page: Page, name: string) => page.getByRole('grid', { name, exact: true });

test("a version whose binary does not match its SHA-256 is not rolled out: the review says the server's refusal", async ({
  page,
  request,
}) => {
  // Version 201 (3.4.1) given the digest of another binary: the mock's file store has its file, which no longer matches.
  const headers = { authorization: `Bearer ${contractToken('admin')}` };
  const versions = await request.get(`${MOCK_API}/command/getfirmwarelist/2`, { headers });
  const [v341, v342] = ((await versions.json()) as { data: { id: number; sha256: string }[] }).data;
  const saved = await request.post(`${MOCK_API}/command/devices/updatefirmware`, {
    headers,
    data: { ...v341, sha256: v342!.sha256 },
  });
  expect(saved.status()).toBe(200);
  await openSignedIn(page, 'admin', '/PanelTest/400/Rollout');
  const preview = page.waitForResponse((response) => response.url().endsWith('/firmware-rollouts/preview'));
  await page.getByRole('button', { name: 'Review' }).click();
  expect((await preview).status()).toBe(409);
  await expect(page.getByText('The firmware file does not match its recorded SHA-256 digest')).toBeVisible();
  await expect(page.getByRole('dialog', { name: /^Roll out/ })).toHaveCount(0);
});

test('a roll-out started from a passed test completes: stages shown, all done, chart and table agree', async ({
  page,
  request,
}) => {
  await configure(request, 0);
  // Panel 3 (Yazlık Bodrum, MX-16G) is offline in the examples; connected, every panel of the model can be updated.
  const connect = await request.post(`${MOCK_API}/__mock/panels/connection`, {
    data: { dev_id: 864215040034567, connected: true },
  });
  expect(connect.status()).toBe(200);

  await openSignedIn(page, 'admin', '/PanelTest/List');
  // Test 400 (MX-16G 3.4.1) passed every stage; test 401 is unfinished, so it cannot be rolled out.
  await page.getByRole('button', { name: 'Actions of test 401' }).click();
  await expect(page.getByRole('menuitem', { name: /Roll out/ })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  // The live alarm bar may arrive above the table at any moment and move the row under a click: open the menu again
  // until it shows (a menu, not a command: nothing is sent).
  await expect(async () => {
    await page.getByRole('button', { name: 'Actions of test 400' }).click();
    await expect(page.getByRole('menuitem', { name: 'Roll out' })).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await page.getByRole('menuitem', { name: 'Roll out' }).click();
  await expect(page).toHaveURL('/PanelTest/400/Rollout');
  await expect(page.getByRole('heading', { name: 'Start a firmware roll-out', level: 1 })).toBeVisible();
  await expect(page.getByText('Test 400: version 3.4.1 of MX-16G passed every test stage.')).toBeVisible();
  // The presets 1 / 10 / 50 / 100 %; a share out of the contract's range is refused under its field.
  await expect(page.getByRole('textbox', { name: /^Stage \d/ })).toHaveCount(4);
  const stage1 = page.getByRole('textbox', { name: 'Stage 1' });
  await expect(stage1).toHaveValue('1');
  await stage1.fill('0');
  await stage1.blur();
  await expect(page.getByText('The share is 1 to 100 %.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review' })).toBeDisabled();
  await stage1.fill('1');
  await page.getByRole('textbox', { name: 'Pause between stages (minutes)' }).fill('1');
  await expectAccessible(page);

  // The preview counts the 62 MX-16G panels (2 simulated, 60 of the fleet) per stage: 1, 6, 24 and 31.
  await page.getByRole('button', { name: 'Review' }).click();
  const confirm = page.getByRole('dialog', { name: 'Roll out MX-16G 3.4.1?' });
  await expect(confirm.getByText('The target holds 62 panels.')).toBeVisible();
  await expect(confirm.getByTestId('rollout-preview').getByRole('listitem')).toHaveText([
    'Stage 1: 1 panel',
    'Stage 2: 6 panels',
    'Stage 3: 24 panels',
    'Stage 4: 31 panels',
  ]);
  // Every MX-16G panel runs 3.4.2: the review names how many and which would go back, and asks before starting.
  const downgrades = confirm.getByTestId('rollout-downgrades');
  await expect(downgrades).toContainText(
    '62 panels run a newer version: this roll-out puts them back on the older 3.4.1.',
  );
  const listed = downgrades.getByRole('list', { name: 'Panels that would go back to an older version' });
  await expect(listed.getByRole('listitem')).toHaveCount(62);
  await expect(listed.getByRole('listitem').first()).toHaveText('Merkez Ofis (864215040012345): 3.4.2 → 3.4.1');
  const start = confirm.getByRole('button', { name: 'Start the roll-out' });
  await expect(start).toBeDisabled();
  await expectAccessible(page);
  // The server refuses the same start without the choice: the review's choice is what allows it.
  const refused = await request.post(`${MOCK_API}/firmware-rollouts`, {
    headers: { authorization: `Bearer ${contractToken('admin')}`, agent: 'browser' },
    data: {
      firmware_id: 201,
      target: {},
      stages: [{ percent: 100 }],
      pause_minutes: 0,
      halt: { max_failed_percent: 20, back_online_minutes: 10 },
    },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain('allow_downgrade');
  await confirm.getByRole('checkbox', { name: 'I choose to put these 62 panels back on 3.4.1' }).check();
  const sent = page.waitForRequest(
    (sending) => sending.url().endsWith('/firmware-rollouts') && sending.method() === 'POST',
  );
  await start.click();
  expect((await sent).postDataJSON()).toMatchObject({ allow_downgrade: true });
  await expect(page).toHaveURL('/PanelTest/Rollouts/601');
  await expect(page.getByRole('status').filter({ hasText: 'Roll-out 601 started (3.4.1).' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Roll-out 601', level: 1 })).toBeVisible();

  // One minute between stages is singular.
  await expect(
    page.getByText(/^1 minute between stages; halts when more than 20 % of a stage's panels fail/),
  ).toBeVisible();
  // The page reads the progress again while it runs, until it completed.
  await expect(page.getByTestId('rollout-state')).toHaveText('Completed', { timeout: 20_000 });
  await expect(page.getByTestId('rollout-stages').getByRole('listitem')).toHaveText([
    'Stage 1 (1 %): 1 panel — done: 1 done',
    'Stage 2 (10 %): 6 panels — done: 6 done',
    'Stage 3 (50 %): 24 panels — done: 24 done',
    'Stage 4 (100 %): 31 panels — done: 31 done',
  ]);
  await expect(page.getByTestId('rollout-chart-graphic')).toBeVisible();
  // The table: 62 panels, every one done with the new version; the first is panel 1 of stage 1.
  const panels = grid(page, 'Panels of the roll-out');
  await expect(page.getByText('1–10 of 62')).toBeVisible();
  const rows = panels.getByRole('row').filter({ has: page.getByRole('gridcell') });
  await expect(rows).toHaveCount(10);
  await expect(rows.filter({ has: page.getByRole('gridcell', { name: 'Done', exact: true }) })).toHaveCount(10);
  await expect(rows.first()).toContainText('864215040012345');
  await expect(rows.first()).toContainText('Merkez Ofis');
  await expect(rows.first()).toContainText('3.4.2');
  await expect(rows.first()).toContainText('3.4.1');
  // Nothing is left to pause, resume or abort.
  await expect(page.getByRole('button', { name: /^(Pause|Resume|Abort)$/ })).toHaveCount(0);
  // The list shows it.
  await page.getByRole('link', { name: 'Firmware roll-outs' }).first().click();
  await expect(grid(page, 'Firmware roll-outs').getByRole('row').filter({ hasText: '62 / 62 panels' })).toHaveCount(1);
});

test('a roll-out halts on its failure rule and says why (Turkish, 390 px); resumed it halts again, then is aborted', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await configure(request, 0.5);
  const started = await request.post(`${MOCK_API}/firmware-rollouts`, {
    headers: { authorization: `Bearer ${contractToken('admin')}`, agent: 'browser' },
    data: {
      firmware_id: 201,
      target: { dealer_code: 'ANK006' },
      stages: [{ percent: 30 }, { percent: 100 }],
      pause_minutes: 0,
      halt: { max_failed_percent: 20, back_online_minutes: 10 },
      allow_downgrade: true,
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const tr = (key: string, values: Record<string, string | number> = {}) =>
    Object.entries(values).reduce(
      (text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)),
      localeText('tr', `firmwareRollouts.${key}`),
    );

  await openSignedIn(page, 'admin', '/PanelTest/Rollouts/601', 'tr');
  // Dealer ANK006 has 20 panels of the fleet: stage 1 is 6 of them, and half of each stage fails.
  const reason = page.getByTestId('halt-reason');
  await expect(reason).toHaveText(tr('halt.failed', { stage: 1, size: 6, failed: 3, percent: 50, allowed: 20 }), {
    timeout: 20_000,
  });
  await expect(page.getByTestId('rollout-state')).toHaveText(tr('state.halted'));
  const stages = page.getByTestId('rollout-stages').getByRole('listitem');
  await expect(stages.first()).toHaveText(
    `${tr('stage.percent_other', { stage: 1, percent: 30, count: 6 })} — ${tr('stageState.halted')}: ` +
      `${tr('panelStateCount.done_other', { count: 3 })}, ${tr('panelStateCount.failed_other', { count: 3 })}`,
  );
  // The failed panels and the panel's answer, through the table's state filter kept in the address.
  await page.goto('/PanelTest/Rollouts/601?state=failed');
  const table = page.getByRole('grid', { name: tr('panels.table'), exact: true });
  await expect(table.getByRole('row').filter({ has: page.getByRole('gridcell') })).toHaveCount(3);
  await expect(page.getByTestId('halt-reason')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);

  // Resume asks first; cancelling changes nothing.
  await page.getByRole('button', { name: tr('actions.resume.button'), exact: true }).click();
  let dialog = page.getByRole('dialog', { name: tr('actions.resume.title', { id: 601 }) });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: localeText('tr', 'common.cancel') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('rollout-state')).toHaveText(tr('state.halted'));
  await page.getByRole('button', { name: tr('actions.resume.button'), exact: true }).click();
  dialog = page.getByRole('dialog', { name: tr('actions.resume.title', { id: 601 }) });
  await dialog.getByRole('button', { name: tr('actions.resume.confirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: tr('actions.resume.done', { id: 601 }) })).toBeVisible();
  // Stage 2 (the other 14 panels) breaks the rule too.
  await expect(reason).toHaveText(tr('halt.failed', { stage: 2, size: 14, failed: 7, percent: 50, allowed: 20 }), {
    timeout: 20_000,
  });

  await page.getByRole('button', { name: tr('actions.abort.button'), exact: true }).click();
  dialog = page.getByRole('dialog', { name: tr('actions.abort.title', { id: 601 }) });
  await dialog.getByRole('button', { name: tr('actions.abort.confirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: tr('actions.abort.done', { id: 601 }) })).toBeVisible();
  await expect(page.getByTestId('rollout-state')).toHaveText(tr('state.aborted'));
  await expect(page.getByRole('button', { name: tr('actions.resume.button'), exact: true })).toHaveCount(0);
});
