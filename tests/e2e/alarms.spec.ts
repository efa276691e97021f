/**
 * Alarms that reach the person wherever they are, against the mock stack: an alarm published on the broker for a
 * panel no page shows raises the bar on another page within 2 s (zone, go to panel), acknowledging in one tab clears
 * the other, a hidden tab gets a system notification (after "notify me") and a marked title and favicon, muting
 * silences the repeating siren and says so, the bar offers "notify me" itself, docks at the bottom without moving the
 * page, says within seconds that the live feed is back however long it was away, and passes axe in both themes and
 * at 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSidewaysScroll } from './page-width.ts';
import { expectAccessible, expectLiveWatching, letTimePass, MOCK_API, openSignedIn, resetPanels } from './support.ts';

const PANEL_1 = 864215040012345; // Merkez Ofis
const PANEL_2 = 864215040023456; // Depo
const PANEL_4 = 864215040045678; // Mağaza Kadıköy, in alarm in the contract's examples
const SIREN_REPEAT_MS = 4000;
/** A page that shows no panel: the signed-in user's profile. */
const PROFILE = '/User/Edit';

const bar = (page: Page) => page.getByRole('region', { name: 'Alarms' });
const row = (page: Page, devId: number, kind = 'alarm') => page.getByTestId(`alarm-${devId}-${kind}`);

async function publish(page: Page, devId: number, payload: object): Promise<void> {
  const response = await page.request.post(`${MOCK_API}/__mock/publish`, {
    data: { topic: `panels/${devId}`, payload: JSON.stringify(payload) },
  });
  expect(response.status()).toBe(200);
}

/**
 * Records what the page plays and notifies, and lets the test hide the tab: `window.__plays` (media files played),
 * `window.__notes` (system notifications made), `window.__asked` (the browser asked for the permission),
 * `window.__hide(true)` (the tab hidden, as the browser says it).
 */
async function instrument(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const win = window as unknown as {
      __plays: string[];
      __notes: { title: string; body?: string }[];
      __hidden: boolean;
      __hide: (hidden: boolean) => void;
    };
    win.__plays = [];
    win.__notes = [];
    win.__hidden = false;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      win.__plays.push(this.src);
      return Promise.resolve();
    };
    Object.defineProperty(document, 'visibilityState', { get: () => (win.__hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { get: () => win.__hidden });
    win.__hide = (hidden) => {
      win.__hidden = hidden;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    const Real = window.Notification;
    const ask = Real.requestPermission.bind(Real);
    (win as unknown as { __asked: number }).__asked = 0;
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        win.__notes.push({ title, body: options?.body });
        super(title, options);
      }
      static override requestPermission(...args: Parameters<typeof Real.requestPermission>) {
        (win as unknown as { __asked: number }).__asked += 1;
        return ask(...args);
      }
    }
    window.Notification = Recording;
  });
}

const plays = (page: Page) => page.evaluate(() => (window as unknown as { __plays: string[] }).__plays.length);

test.describe('alarms that reach you', () => {
  test.beforeEach(({ request }) => resetPanels(request));

  test('an alarm of a panel no page shows raises the bar on another page within 2 s, with its zone', async ({
    page,
  }) => {
    await openSignedIn(page, 'user', PROFILE);
    // The panel in alarm in the examples shows at once: the whole fleet is watched from the shell.
    await expect(row(page, PANEL_4)).toBeVisible();
    await expect(row(page, PANEL_4)).toContainText('Mağaza Kadıköy');
    await expect(page.getByTestId('alarm-badge')).toHaveAccessibleName('Alarms, 1 unacknowledged');

    await publish(page, PANEL_1, { KLStatus: { alarm: 1 }, zones: [{ zone_no: 2, zone_status: 1 }] });
    const started = Date.now();
    await expect(row(page, PANEL_1)).toBeVisible({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(row(page, PANEL_1)).toContainText('Alarm · Merkez Ofis');
    await expect(row(page, PANEL_1)).toContainText('Zone 3');
    await expect(row(page, PANEL_1)).toContainText(/since \d\d\.\d\d\.\d{4} \d\d:\d\d/);
    // Announced once, for the new alarm.
    await expect(page.getByRole('alert').filter({ hasText: 'Alarm: Merkez Ofis' })).toHaveCount(1);
    await expect(page).toHaveURL(/\/User\/Edit$/);

    // A fire alarm on the same panel is an alarm of its own; the panel clearing its alarm marks it cleared.
    await publish(page, PANEL_1, { KLStatus: { alarm: 0, firealarm: 1 } });
    await expect(row(page, PANEL_1, 'fire')).toContainText('Fire alarm · Merkez Ofis');
    await expect(row(page, PANEL_1)).toContainText('cleared at');
    await expect(page.getByTestId('alarm-badge')).toHaveAccessibleName('Alarms, 3 unacknowledged');
    // The bar keeps to the two newest; the third is counted, and "show all" opens the list.
    await expect(row(page, PANEL_4)).toHaveCount(0);
    await expect(bar(page).getByTestId('alarm-more')).toContainText('1 more alarm');
    await expectAccessible(page);
    await bar(page).getByRole('button', { name: 'Show all' }).click();
    const all = page.getByRole('dialog', { name: 'Alarms of this session' });
    await expect(all.getByRole('listitem')).toHaveCount(3);
    await all.getByRole('button', { name: 'Close' }).click();

    await row(page, PANEL_1).getByRole('button', { name: 'Acknowledge' }).click();
    await expect(row(page, PANEL_1)).toHaveCount(0);
    // The list keeps it, with who acknowledged it.
    await page.getByTestId('alarm-badge').click();
    const list = page.getByRole('dialog', { name: 'Alarms of this session' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').filter({ hasText: 'Cleared' })).toContainText('Acknowledged by');
    await list.getByRole('button', { name: 'Close' }).click();

    await row(page, PANEL_4).getByRole('button', { name: 'Go to panel' }).click();
    await expect(page).toHaveURL(new RegExp(`/PanelDetail/${PANEL_4}$`));
  });

  test('acknowledging in one tab clears the other', async ({ context }) => {
    const tabA = await context.newPage();
    const tabB = await context.newPage();
    await openSignedIn(tabA, 'user', PROFILE);
    await openSignedIn(tabB, 'user', '/Panels');
    await expect(row(tabA, PANEL_4)).toBeVisible();
    await expect(row(tabB, PANEL_4)).toBeVisible();
    await row(tabA, PANEL_4).getByRole('button', { name: 'Acknowledge' }).click();
    await expect(row(tabA, PANEL_4)).toHaveCount(0);
    await expect(row(tabB, PANEL_4)).toHaveCount(0);
    await expect(tabB.getByTestId('alarm-badge')).toHaveAccessibleName('Alarms, 0 unacknowledged');
    // A reloaded tab remembers that this alarm, still on, was acknowledged here.
    await tabB.reload();
    await expect(tabB.getByTestId('alarm-badge')).toBeVisible();
    await tabB.getByTestId('alarm-badge').click();
    await expect(tabB.getByRole('dialog').getByRole('listitem')).toContainText('Acknowledged by');
    await expect(row(tabB, PANEL_4)).toHaveCount(0);
  });

  test('a hidden tab gets a notification after "notify me", and a marked title and favicon', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['notifications']);
    await instrument(page);
    await openSignedIn(page, 'user', PROFILE);
    await expect(row(page, PANEL_4)).toBeVisible();
    // Nothing was asked on load; the alarm bar itself offers "notify me" (the alarm list's action), the browser asks
    // only after that click, and the offer goes once they are on.
    const asked = () => page.evaluate(() => (window as unknown as { __asked: number }).__asked);
    const offer = bar(page).getByTestId('alarm-notify-offer');
    await expect(offer).toContainText('Get a system notification when an alarm comes while this tab is hidden.');
    expect(await asked()).toBe(0);
    await offer.getByRole('button', { name: 'Notify me' }).click();
    await expect(offer).toHaveCount(0);
    expect(await asked()).toBe(1);
    await page.getByTestId('alarm-badge').click();
    const list = page.getByRole('dialog', { name: 'Alarms of this session' });
    await expect(list.getByTestId('alarm-notify-state')).toHaveText(
      'Notifications are on: an alarm in a hidden tab shows a system notification.',
    );
    await list.getByRole('button', { name: 'Close' }).click();

    await page.evaluate(() => (window as unknown as { __hide: (hidden: boolean) => void }).__hide(true));
    await expect(page).toHaveTitle(/^\(1\) ALARM · Alarm Panel Console$/);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon-alarm.svg');
    await publish(page, PANEL_2, { KLStatus: { alarm: 1 } });
    await expect(page).toHaveTitle(/^\(2\) ALARM · /);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __notes: { title: string }[] }).__notes))
      .toEqual([expect.objectContaining({ title: 'Alarm: Depo' })]);

    await page.evaluate(() => (window as unknown as { __hide: (hidden: boolean) => void }).__hide(false));
    await expect(page).toHaveTitle('Alarm Panel Console');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  });

  test('denied notifications are said, not asked again', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await openSignedIn(page, 'user', PROFILE);
    // Blocked: the bar offers nothing.
    await expect(row(page, PANEL_4)).toBeVisible();
    await expect(bar(page).getByTestId('alarm-notify-offer')).toHaveCount(0);
    await page.getByTestId('alarm-badge').click();
    const list = page.getByRole('dialog', { name: 'Alarms of this session' });
    await expect(list.getByTestId('alarm-notify-state')).toHaveText(/blocked in this browser's settings/);
    await expect(list.getByRole('button', { name: 'Notify me' })).toHaveCount(0);
  });

  test('the siren repeats until acknowledged; muting silences it and says so', async ({ page }) => {
    await instrument(page);
    await page.clock.install();
    await openSignedIn(page, 'user', PROFILE);
    await expect(row(page, PANEL_4)).toBeVisible();
    await expect.poll(() => plays(page)).toBeGreaterThan(0);
    const before = await plays(page);
    // Each repeat is due after the one before (fastForward fires a due timer once per jump).
    await letTimePass(page, SIREN_REPEAT_MS);
    await letTimePass(page, SIREN_REPEAT_MS);
    expect(await plays(page)).toBeGreaterThanOrEqual(before + 2);
    expect(await page.evaluate(() => (window as unknown as { __plays: string[] }).__plays.at(-1))).toMatch(
      /\/sounds\/siren\.ogg$/,
    );

    await page.getByTestId('mute-toggle').click();
    await expect(bar(page).getByTestId('alarm-muted')).toHaveText('Sounds are muted: alarms are silent.');
    const muted = await plays(page);
    for (let repeat = 0; repeat < 3; repeat++) await letTimePass(page, SIREN_REPEAT_MS);
    expect(await plays(page)).toBe(muted);

    // Unmuted, it rings again until the alarm is acknowledged.
    await page.getByTestId('mute-toggle').click();
    await expect(bar(page).getByTestId('alarm-muted')).toHaveCount(0);
    await expect.poll(() => plays(page)).toBeGreaterThan(muted);
    await row(page, PANEL_4).getByRole('button', { name: 'Acknowledge' }).click();
    const acknowledged = await plays(page);
    for (let repeat = 0; repeat < 3; repeat++) await letTimePass(page, SIREN_REPEAT_MS);
    expect(await plays(page)).toBe(acknowledged);
  });

  test('an alarm showing never scrolls the page sideways, at 1366 and at 390 pixels', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await openSignedIn(page, 'user', PROFILE);
    await expect(row(page, PANEL_4)).toBeVisible();
    // The announcement is on the page (visually hidden), beside the open side menu.
    await expect(page.getByTestId('alarm-announcement')).toHaveText('Alarm: Mağaza Kadıköy');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await expect(page.getByTestId('alarm-announcement')).toHaveText('Alarm: Mağaza Kadıköy');
    await expectNoSidewaysScroll(page);
  });

  test('the bar in Turkish, keyboard reachable, readable in both themes and on a 390-pixel phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, 'user', PROFILE, 'tr');
    const alarmRow = row(page, PANEL_4);
    await expect(alarmRow).toContainText('Alarm · Mağaza Kadıköy');
    await expect(alarmRow.getByRole('button', { name: 'Onayla' })).toBeVisible();
    // No sideways scrolling with the bar shown.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
      await expectAccessible(page);
    }
    // The keyboard reaches "go to panel" and "acknowledge".
    const goTo = alarmRow.getByRole('button', { name: 'Panele git' });
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press('Tab');
      if (await goTo.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(goTo).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(alarmRow.getByRole('button', { name: 'Onayla' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(alarmRow).toHaveCount(0);

    // Three alarms: two rows and the count of the rest, readable in both themes.
    await publish(page, PANEL_1, { KLStatus: { alarm: 1, firealarm: 1 } });
    await publish(page, PANEL_2, { KLStatus: { alarm: 1 } });
    const turkishBar = page.getByRole('region', { name: 'Alarmlar' });
    await expect(turkishBar.getByTestId('alarm-more')).toContainText('1 alarm daha');
    await expect(turkishBar.getByRole('button', { name: 'Tümünü göster' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectAccessible(page);
    }
  });

  test('every page says when alarms cannot reach you: panels not read yet, the live feed down', async ({
    page,
    request,
  }) => {
    await page.clock.install();
    let refuse = true;
    await page.route(/\/api\/command\/devices\/userdevices\/\d+/, (route) =>
      refuse ? route.abort('connectionrefused') : route.fallback(),
    );
    await openSignedIn(page, 'user', PROFILE);
    const warning = page.getByTestId('alarm-feed-down');
    await expect(warning).toHaveText(
      'Your panels could not be read, so their alarms cannot reach you yet (the console keeps trying).',
    );
    // The read is tried again sooner than the fleet's refresh: the panels are watched once it succeeds.
    refuse = false;
    await letTimePass(page, 10_000);
    await expect(row(page, PANEL_4)).toBeVisible();
    await expect(warning).toHaveCount(0);

    // Each attempt of the live feed to reconnect, seen failing.
    let failed = 0;
    page.on('websocket', (socket) => {
      let ended = false;
      const end = () => void (ended || ((ended = true), (failed += 1)));
      socket.on('socketerror', end);
      socket.on('close', end);
    });
    try {
      expect((await request.post(`${MOCK_API}/__mock/broker/stop`)).status()).toBe(200);
      await expect(warning).toHaveText(
        'Live feed offline: alarms cannot reach you until it reconnects (the console keeps trying).',
      );
      await expectAccessible(page);
      // The broker stays away a long while: six attempts fail, each after the console's own wait.
      for (let attempt = 0; attempt < 6; attempt++) {
        const before = failed;
        await letTimePass(page, 30_000);
        await expect.poll(() => failed).toBeGreaterThan(before);
        // Still said between two attempts, and during one.
        await expect(warning).toBeVisible();
      }
    } finally {
      await request.post(`${MOCK_API}/__mock/broker/start`);
    }
    // However long it was away, the console finds it back within 5 s (the back-off's cap), and the warning goes.
    await letTimePass(page, 5_000);
    await expect(warning).toHaveCount(0);
    await expect(row(page, PANEL_4)).toBeVisible();
  });

  test('an alarm arriving does not move the page under the finger: the bar docks at the bottom', async ({ page }) => {
    await openSignedIn(page, 'user', '/Panels');
    const card = page.getByTestId(`panel-${PANEL_1}`);
    await expectLiveWatching(page);
    await expect(row(page, PANEL_4)).toBeVisible();
    await row(page, PANEL_4).getByRole('button', { name: 'Acknowledge' }).click();
    await expect(bar(page)).toHaveCount(0);
    const before = await card.boundingBox();

    await publish(page, PANEL_1, { KLStatus: { alarm: 1 }, zones: [{ zone_no: 2, zone_status: 1 }] });
    await expect(row(page, PANEL_1)).toBeInViewport();
    // The first card stays where the person's finger was, and the bar does not cover it.
    expect((await card.boundingBox())?.y).toBe(before?.y);
    await expect(card).toBeInViewport();
    const barTop = (await bar(page).boundingBox())!.y;
    expect(barTop).toBeGreaterThan(before!.y);
    // The page's end scrolls clear of the bar: nothing stays under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastCard = page.getByTestId(`panel-${PANEL_4}`);
    const last = (await lastCard.boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual((await bar(page).boundingBox())!.y);
  });

  test('with the live feed down, an alarm in a panel’s record (the fleet read) still reaches you', async ({
    page,
    request,
  }) => {
    try {
      expect((await request.post(`${MOCK_API}/__mock/broker/stop`)).status()).toBe(200);
      await openSignedIn(page, 'user', PROFILE);
      await expect(page.getByTestId('alarm-feed-down')).toContainText('Live feed offline');
      // Mağaza Kadıköy's record says alarm: it speaks once the feed had its chance (RECORD_GRACE_MS).
      await expect(row(page, PANEL_4)).toContainText('Alarm · Mağaza Kadıköy');
      await expect(row(page, PANEL_1)).toHaveCount(0);
    } finally {
      await request.post(`${MOCK_API}/__mock/broker/start`);
    }
  });
});
