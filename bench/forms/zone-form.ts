/**
 * bench:forms's flow through the console: signed in as admin on panel 864215040012345's Zones tab, logged in to the
 * panel as its installer; a zone picked, its form opened with "Program zone" and measured from the page's record
 * (the zone's read → its first field painted), then closed again.
 */
import type { Page } from 'playwright-core';
import { openSignedIn } from '../../tests/e2e/support.ts';
import { within } from '../browser-bench.ts';
import { longestOf, round } from '../figures.ts';
import { FIELD_LABEL } from './instrumentation.ts';
import type { ProbeWindow } from './records.ts';

export const PANEL = 864215040012345;
const INSTALLER_PASSWORD = '1234';
const FIRST_ZONE_TITLE = /^1 · Giris Kapisi — Edit$/;

export interface OpenResult {
  zone: number;
  kind: 'cold' | 'warm' | 'reopen';
  title: string;
  /** The zone's read answered and its body read by the console → the first field painted (not for a reopen). */
  dataToPaintMs?: number;
  /** The same, to the field in the DOM. */
  dataToDomMs?: number;
  /** The click on "Program zone" → the first field painted. */
  clickToPaintMs: number;
  /** The read's round trip (sent → body read), for context. */
  readMs?: number;
  longestLongTaskMs?: number;
}

const zoneCombobox = (page: Page) => page.getByRole('combobox', { name: 'Zone', exact: true });
const programZone = (page: Page) => page.getByRole('button', { name: 'Program zone', exact: true });
const dialogTitle = (page: Page) => page.locator('#settings-dialog-title');

/** Signed in as admin, on the panel's Zones tab, logged in to the panel as its installer. */
export async function openZones(page: Page): Promise<void> {
  await openSignedIn(page, 'admin', `/PanelDetail/${PANEL}?tab=zones`, 'en');
  const dialog = page.getByRole('dialog');
  // The password input, not its "Show password" toggle.
  const password = dialog.getByLabel(/password/i).and(dialog.locator('input'));
  await password.fill(INSTALLER_PASSWORD, { timeout: 30_000 });
  await password.press('Enter');
  await page.getByRole('tablist').first().waitFor({ timeout: 30_000 });
  if (!/[?&]tab=zones/.test(page.url())) throw new Error(`not on the Zones tab: ${page.url()}`);
  await programZone(page).waitFor({ timeout: 30_000 });
}

export async function chooseZone(page: Page, zone: number): Promise<void> {
  await zoneCombobox(page).click();
  await page
    .getByRole('option', { name: new RegExp(`^${zone}(?: · .*)?$`) })
    .first()
    .click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

/** Opens the picked zone's form and waits for its first field painted; returns the page's record of it. */
export async function openForm(page: Page, zone: number, kind: OpenResult['kind']): Promise<OpenResult> {
  if (!(await page.evaluate(() => (window as unknown as ProbeWindow).__forms.armOpen())))
    throw new Error('a form is still open');
  const opened = page.evaluate(() => (window as unknown as ProbeWindow).__forms.whenOpened());
  await programZone(page).click();
  await within(opened, 30_000, `zone ${zone}: the "${FIELD_LABEL}" field was never painted`);
  const record = await page.evaluate(() => (window as unknown as ProbeWindow).__forms.takeOpen());
  const title = ((await dialogTitle(page).textContent()) ?? '').trim();
  if (!title.startsWith(`${zone} `)) throw new Error(`opened "${title}", not zone ${zone}`);
  const read = record.reads.find((r) => r.command === 'GET' && r.group === 0 && r.member === zone - 1);
  if (kind !== 'reopen' && (!read || !read.received)) throw new Error(`zone ${zone}: no settings read was seen`);
  if (kind === 'reopen' && read) throw new Error(`zone ${zone}: read again on a reopen`);
  const longest = longestOf(record.longTasks);
  return {
    zone,
    kind,
    title,
    dataToPaintMs: read ? round(record.painted - read.received) : undefined,
    dataToDomMs: read ? round(record.inDom - read.received) : undefined,
    clickToPaintMs: round(record.painted - record.click)!,
    readMs: read ? round(read.received - read.sent) : undefined,
    longestLongTaskMs: round(longest || undefined),
  };
}

export async function closeForm(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 15_000 });
  await page.waitForFunction(() => (window as unknown as ProbeWindow).__forms.fieldValue() === null, undefined, {
    timeout: 15_000,
  });
}

/**
 * Opens the zone form `count` times with a read (zone 1 cold, then zones 2..count warm), then reopens zone 1
 * `reopens` times (nothing read); each open printed as it is measured.
 */
export async function measureOpens(
  page: Page,
  count: number,
  reopens: number,
  log: (line: string) => void,
): Promise<OpenResult[]> {
  const opens: OpenResult[] = [];
  const describe = (r: OpenResult) =>
    `   ${r.kind.padEnd(6)} zone ${String(r.zone).padStart(2)}: ${
      r.dataToPaintMs === undefined ? '' : `data → field painted ${r.dataToPaintMs} ms (in the DOM ${r.dataToDomMs}); `
    }click → painted ${r.clickToPaintMs} ms${r.readMs === undefined ? '' : `; read ${r.readMs} ms`}${
      r.longestLongTaskMs ? `; longest task ${r.longestLongTaskMs} ms` : ''
    }  "${r.title}"`;
  for (let zone = 1; zone <= count; zone++) {
    if (zone > 1) await chooseZone(page, zone);
    const result = await openForm(page, zone, zone === 1 ? 'cold' : 'warm');
    if (zone === 1 && !FIRST_ZONE_TITLE.test(result.title))
      throw new Error(`the first dialog is titled "${result.title}", expected ${FIRST_ZONE_TITLE}`);
    opens.push(result);
    log(describe(result));
    await closeForm(page);
  }
  await chooseZone(page, 1);
  for (let run = 0; run < reopens; run++) {
    const result = await openForm(page, 1, 'reopen');
    opens.push(result);
    log(describe(result));
    await closeForm(page);
  }
  return opens;
}
