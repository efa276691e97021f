import { expect, test, type Page, type Request } from '@playwright/test';
import { MOCK_PHOTO_BASE_URL } from '../../mocks/photo-host.ts';
import { contractToken, expectAccessible, localeText, MOCK_API, openSignedIn } from './support.ts';

// The dealership application and the administrator's requests (spec 2 §2-§5) against the mock stack, which keeps
// the requests (mocks/areas/dealer-requests.ts) until `areas/reset`.

test.beforeEach(async ({ request }) => {
  expect((await request.post(`${MOCK_API}/__mock/areas/reset`)).status()).toBe(200);
});

/** A real 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name = 'levha.png') => ({ name, mimeType: 'image/png', buffer: PNG });
/** 1.5 MB behind a PNG header: the right type, too big. */
const bigPng = () => ({
  name: 'buyuk.png',
  mimeType: 'image/png',
  buffer: Buffer.concat([PNG, Buffer.alloc(1_572_864)]),
});
const gif = () => ({
  name: 'levha.gif',
  mimeType: 'image/gif',
  buffer: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
});

const isCreate = (request: Request) => request.method() === 'POST' && /\/api\/dealer-requests$/.test(request.url());
const isList = (url: string) => /\/api\/dealer-requests(\?|$)/.test(url);

/** Opens the public application without a session. */
async function openApplication(page: Page, language: 'en' | 'tr' = 'en') {
  await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
  await page.goto('/Dealer/Create');
  await expect(
    page.getByRole('heading', { level: 1, name: localeText(language, 'dealer.create.title') }),
  ).toBeVisible();
}

async function fillApplication(page: Page, info = 'user@example.com') {
  await page.getByRole('textbox', { name: 'Company title' }).fill('Kuzey Alarm');
  await page.getByRole('textbox', { name: 'Name and surname' }).fill('Zeynep Kaya');
  await page.getByRole('textbox', { name: 'Registered e-mail or phone' }).fill(info);
  await page.getByRole('textbox', { name: 'Distributor company' }).fill('Marmara Dagitim AS');
}

test.describe('the dealership application', () => {
  test('refuses a wrong file before uploading, and sends a valid application as multipart', async ({ page }) => {
    await openApplication(page);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    const creates: Request[] = [];
    page.on('request', (request) => {
      if (isCreate(request)) creates.push(request);
    });

    // An empty form: the Error toast asks to fix the form, each field says why, nothing is sent.
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(localeText('en', 'dealer.create.fixErrors'))).toBeVisible();
    await expect(page.getByText('Error!')).toBeVisible();
    await expect(page.getByText('Enter the company title.')).toBeVisible();
    await expect(page.getByText('Choose the tax plate file.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Company title' })).toBeFocused();
    await page.getByRole('textbox', { name: 'Company title' }).fill('AB');
    await expect(page.getByText('The company title must have at least 3 characters.')).toBeVisible();

    const taxPlate = page.getByLabel('Tax plate', { exact: true });
    await taxPlate.setInputFiles(gif());
    await expect(page.getByText('Only JPG or PNG files can be uploaded.')).toBeVisible();
    await taxPlate.setInputFiles(bigPng());
    await expect(page.getByText('The file must be smaller than 1 MB.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Preview of the tax plate' })).toHaveCount(0);
    await fillApplication(page);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('The file must be smaller than 1 MB.')).toBeVisible();
    expect(creates).toHaveLength(0);

    await taxPlate.setInputFiles(png());
    await expect(page.getByRole('img', { name: 'Preview of the tax plate' })).toBeVisible();
    await expect(page.getByText('The file must be smaller than 1 MB.')).toHaveCount(0);
    await page.getByLabel('Logo (optional)').setInputFiles(png('logo.png'));
    await expect(page.getByRole('img', { name: 'Preview of the logo' })).toBeVisible();
    await expectAccessible(page);

    const sent = page.waitForRequest(isCreate);
    const answered = page.waitForResponse((response) => isCreate(response.request()));
    await page.getByRole('button', { name: 'Apply' }).click();
    const request = await sent;
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const response = await answered;
    expect(response.status()).toBe(201);
    // Every part arrived: the mock read the texts and kept both files.
    const created = ((await response.json()) as { data: Record<string, unknown> }).data;
    expect(created).toMatchObject({ dealer_name: 'Kuzey Alarm', name: 'Zeynep Kaya', seller: 'Marmara Dagitim AS' });
    expect(created).toMatchObject({ email: 'user@example.com', state: 0 });
    expect(created.logo_link).toMatch(/\/logo\.png\?expires=\d+&sig=/);

    const dialog = page.getByRole('dialog', { name: 'Your application was received' });
    await expect(dialog).toContainText(localeText('en', 'dealer.received.text'));
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The site root, which sends someone signed out on to the sign-in page.
    await expect(page).not.toHaveURL(/\/Dealer\/Create/);

    // The new request waits for review in the administrator's list.
    const list = await page.request.get(`${MOCK_API}/dealer-requests?state=0`, {
      headers: { authorization: `Bearer ${contractToken('admin')}` },
    });
    const names = ((await list.json()) as { data: { dealer_name: string }[] }).data.map((row) => row.dealer_name);
    expect(names).toContain('Kuzey Alarm');
  });

  test('a refused application shows the Error toast asking to fix the form', async ({ page }) => {
    await openApplication(page);
    await fillApplication(page, 'nobody@example.com');
    await page.getByLabel('Tax plate', { exact: true }).setInputFiles(png());
    const answered = page.waitForResponse((response) => isCreate(response.request()));
    await page.getByRole('button', { name: 'Apply' }).click();
    expect((await answered).status()).toBe(400);
    await expect(page.getByText(localeText('en', 'dealer.create.fixErrors'))).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("the server checks the content: an HTML page named .png passes the console's check, not the server's", async ({
    page,
    request,
  }) => {
    const html = { name: 'levha.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><script>1</script>') };
    const form = {
      dealer_name: 'Kuzey Alarm',
      name: 'Zeynep Kaya',
      seller: 'Marmara Dagitim AS',
      info: 'user@example.com',
    };
    const headers = { language: 'tr', agent: 'browser', country: 'TRY' };
    // The API itself, as anyone can post to it: refused by content (415) and by size (413), naming the part.
    const direct = await request.post(`${MOCK_API}/dealer-requests`, {
      headers,
      multipart: { ...form, tax_plate: html },
    });
    expect(direct.status()).toBe(415);
    expect(await direct.json()).toMatchObject({
      field: 'tax_plate',
      message: 'Vergi levhası bir JPG veya PNG resmi değil',
    });
    const big = await request.post(`${MOCK_API}/dealer-requests`, {
      headers,
      multipart: { ...form, tax_plate: png(), logo: bigPng() },
    });
    expect(big.status()).toBe(413);
    expect(await big.json()).toMatchObject({ field: 'logo' });

    // The form: its own check goes by the declared type and the name, so the page is sent; the server's answer
    // marks the field, and nothing is received. (The applicant is named by her registered phone as people type it:
    // sent as the account's digits, so the server finds her.)
    await openApplication(page);
    await fillApplication(page, '0532 111 00 03');
    const taxPlate = page.getByLabel('Tax plate', { exact: true });
    await taxPlate.setInputFiles(html);
    await expect(page.getByText('Only JPG or PNG files can be uploaded.')).toHaveCount(0);
    const answered = page.waitForResponse((response) => isCreate(response.request()));
    await page.getByRole('button', { name: 'Apply' }).click();
    expect((await answered).status()).toBe(415);
    await expect(page.getByText(localeText('en', 'dealer.file.content'))).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectAccessible(page);
    // Sending again without another file sends nothing; a real image clears the mark and is received.
    const creates: Request[] = [];
    page.on('request', (sent) => {
      if (isCreate(sent)) creates.push(sent);
    });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(localeText('en', 'dealer.create.fixErrors')).first()).toBeVisible();
    expect(creates).toHaveLength(0);
    await taxPlate.setInputFiles(png());
    await expect(page.getByText(localeText('en', 'dealer.file.content'))).toHaveCount(0);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('dialog', { name: 'Your application was received' })).toBeVisible();

    // Only the real image was kept, under the server's name, served as a PNG with nosniff.
    const list = await page.request.get(`${MOCK_API}/dealer-requests?state=0`, {
      headers: { authorization: `Bearer ${contractToken('admin')}` },
    });
    const rows = ((await list.json()) as { data: { dealer_name: string; tax_plate_link: string }[] }).data;
    const created = rows.filter((row) => row.dealer_name === 'Kuzey Alarm');
    expect(created).toHaveLength(1);
    // A path relative to the photo host (the console's photoBaseUrl), as the spec's server answers.
    expect(created[0]!.tax_plate_link).toMatch(/^dealer-requests\/\d+\/tax-plate\.png\?expires=\d+&sig=/);
    const photo = `${MOCK_PHOTO_BASE_URL}${created[0]!.tax_plate_link}`;
    const file = await page.request.get(photo);
    expect(file.headers()).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    // The link is the server's signed one: the same file without the signature is refused.
    const unsigned = await page.request.get(photo.split('?')[0]!);
    expect(unsigned.status()).toBe(401);
  });

  test('works in Turkish on a phone-sized screen, by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openApplication(page, 'tr');
    await expect(page.getByRole('link', { name: 'Giriş yap' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.getByRole('textbox', { name: 'Firma ünvanı' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Vergi levhası', { exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Başvur' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Lütfen form hatalarını düzeltin.')).toBeVisible();
    await expect(page.getByText('Vergi levhası dosyasını seçin.')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('the dealership requests', () => {
  // Wide enough for every column (the grid draws only the columns in view).
  test.use({ viewport: { width: 2000, height: 900 } });

  const grid = (page: Page) => page.getByRole('grid', { name: 'Dealership requests', exact: true });
  const row = (page: Page, dealer: string) =>
    grid(page)
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell', { name: dealer, exact: true }) });
  const actionsOf = (page: Page, id: number) =>
    page.getByRole('button', { name: `Operations of request ${id}`, exact: true });

  async function openRequests(page: Page, search = '') {
    const first = page.waitForResponse((response) => isList(response.url()));
    await openSignedIn(page, 'admin', `/Dealer/Requests${search}`);
    await first;
  }

  test('lists the requests, filters by state and search, and shows the files', async ({ page }) => {
    await openRequests(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dealership requests' })).toBeVisible();
    // The header and the four example requests, newest (44) first.
    await expect(grid(page).getByRole('row')).toHaveCount(5);
    await expect(grid(page).getByRole('row').nth(1)).toContainText('Kuzey Guvenlik');
    await expect(row(page, 'Kuzey Guvenlik')).toContainText('Pending');
    await expect(row(page, 'Anadolu Alarm')).toContainText('selin@anadolualarm.example');
    await expect(row(page, 'Anadolu Alarm')).toContainText('Pending');
    await expect(row(page, 'Ege Teknik')).toContainText('Rejected');
    await expect(row(page, 'Ege Teknik')).toContainText('None');
    await expectAccessible(page);

    // Request 42's tax plate is a path relative to the photo host (spec 1 §7), shown from the configured photoBaseUrl.
    await page.getByRole('button', { name: 'View the tax plate of Anadolu Alarm' }).click();
    const viewer = page.getByRole('dialog', { name: 'Tax plate of Anadolu Alarm' });
    const image = viewer.getByRole('img', { name: 'Tax plate of Anadolu Alarm' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(new URL((await image.getAttribute('src'))!).pathname).toBe(
      `${MOCK_PHOTO_BASE_URL}dealer-requests/42/vergi-levhasi.png`,
    );
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();
    // Request 44's (a relative path too) loads as well.
    await page.getByRole('button', { name: 'View the tax plate of Kuzey Guvenlik' }).click();
    const plate44 = page.getByRole('dialog', { name: 'Tax plate of Kuzey Guvenlik' }).getByRole('img');
    await expect.poll(() => plate44.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(new URL((await plate44.getAttribute('src'))!).pathname).toBe(
      `${MOCK_PHOTO_BASE_URL}dealer-requests/44/vergi-levhasi.png`,
    );
    await page.keyboard.press('Escape');
    await expect(plate44).toBeHidden();
    // Request 41's logo is an absolute link: it shows as it is.
    await page.getByRole('button', { name: 'View the logo of Guvenlik Sistemleri Ltd' }).click();
    const logo = page.getByRole('dialog', { name: 'Logo of Guvenlik Sistemleri Ltd' }).getByRole('img');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect(logo).toBeHidden();

    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('textbox', { name: 'Search' }).fill('ege');
    const searched = page.waitForRequest(
      (request) => isList(request.url()) && new URL(request.url()).searchParams.get('search') === 'ege',
    );
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await searched;
    await expect(grid(page).getByRole('row')).toHaveCount(2);
    await expect(row(page, 'Ege Teknik')).toBeVisible();

    const pending = page.waitForRequest((request) => isList(request.url()) && /[?&]state=0(&|$)/.test(request.url()));
    await page.goto('/Dealer/Requests?state=0');
    await pending;
    await expect(grid(page).getByRole('row')).toHaveCount(3);
    await expect(row(page, 'Kuzey Guvenlik')).toBeVisible();
    await expect(row(page, 'Anadolu Alarm')).toBeVisible();
    await page.goto('/Dealer/Requests?state=0&search=ege');
    await expect(grid(page).getByText('No rows match the filters.')).toBeVisible();
  });

  test('without a photo host in the configuration, a relative photo path says so instead of a broken image', async ({
    page,
  }) => {
    await page.route('**/config.json', async (route) => {
      const { photoBaseUrl: _unused, ...config } = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ json: config });
    });
    await openRequests(page);
    await page.getByRole('button', { name: 'View the tax plate of Anadolu Alarm' }).click();
    const viewer = page.getByRole('dialog', { name: 'Tax plate of Anadolu Alarm' });
    await expect(viewer.getByRole('alert')).toHaveText(
      "The image cannot be shown: the console's configuration names no photo host (photoBaseUrl).",
    );
    await expect(viewer.getByRole('img')).toHaveCount(0);
    await expect(viewer.getByRole('link', { name: 'Open in a new tab' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('approving needs an unused code; the list reloads', async ({ page }) => {
    await openRequests(page);
    await actionsOf(page, 41).click();
    await expect(page.getByRole('menuitem', { name: /Activate dealership/ })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('menuitem', { name: /Activate dealership/ })).toContainText(
      'The request was already approved or rejected.',
    );
    await page.keyboard.press('Escape');

    await actionsOf(page, 42).click();
    await page.getByRole('menuitem', { name: 'Activate dealership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate dealership' });
    await expect(dialog).toContainText('Anadolu Alarm');
    await expect(dialog).toContainText('Selin Arslan');
    await expect(dialog).toContainText('selin@anadolualarm.example');
    await expect(dialog).toContainText(localeText('en', 'dealerRequests.approve.warning'));
    await expect(dialog).toContainText(localeText('en', 'dealerRequests.approve.reviewFirst'));
    await expect(dialog).toContainText(localeText('en', 'dealerRequests.approve.authority'));
    const code = dialog.getByRole('textbox', { name: 'Dealer code' });
    const submit = dialog.getByRole('button', { name: 'Activate', exact: true });
    await expect(submit).toBeDisabled();
    await code.fill('AN');
    await code.blur();
    await expect(dialog).toContainText('The dealer code must have at least 3 characters.');
    await expectAccessible(page);

    // IST034 is request 41's code: refused, the dialog stays.
    await code.fill('IST034');
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/dealer-requests/42/approve'));
    await submit.click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByText('This dealer code is already in use')).toBeVisible();
    await expect(dialog).toBeVisible();

    await code.fill('ANK006');
    const approved = page.waitForResponse((response) => response.url().endsWith('/api/dealer-requests/42/approve'));
    const reread = page.waitForResponse((response) => isList(response.url()));
    await submit.click();
    // No link in the body (nothing the server could be made to fetch): it keeps the logo stored with the request.
    expect((await approved).request().postDataJSON()).toEqual({ id: 42, state: 1, code: 'ANK006' });
    const list = (await (await reread).json()) as { data: { id: number; logo_link: string | null }[] };
    expect(list.data.find((request) => request.id === 42)?.logo_link).toMatch(/^dealer-requests\/42\/logo\.png\?/);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Dealership created successfully')).toBeVisible();
    await expect(row(page, 'Anadolu Alarm')).toContainText('Approved');
  });

  test('the API refuses an approval that sends a link, and the request stays pending', async ({ request }) => {
    const headers = { authorization: `Bearer ${contractToken('admin')}` };
    const approve = (data: Record<string, unknown>) =>
      request.post(`${MOCK_API}/dealer-requests/42/approve`, { headers, data });
    const withLink = await approve({ id: 42, state: 1, code: 'ANK006', logo_link: 'http://169.254.169.254/latest' });
    // The operation's declared 400; the contract violation names the property.
    expect(withLink.status()).toBe(400);
    expect(withLink.headers()['sl-violations']).toContain('logo_link');
    const pending = await request.get(`${MOCK_API}/dealer-requests?state=0`, { headers });
    expect(((await pending.json()) as { data: { id: number }[] }).data.map((row) => row.id)).toContain(42);
    expect((await approve({ id: 42, state: 1, code: 'ANK006' })).status()).toBe(200);
  });

  test('rejecting tells the admin to write the reason by e-mail; the list reloads', async ({ page }) => {
    await openRequests(page);
    // Request 44, the one the contract's reject examples reject (42 is the approve examples').
    await actionsOf(page, 44).click();
    await page.getByRole('menuitem', { name: 'Reject dealership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject dealership' });
    await expect(dialog).toContainText(localeText('en', 'dealerRequests.reject.tellByEmail'));
    await expectAccessible(page);
    await expect(dialog).toContainText('Kuzey Guvenlik');
    const rejected = page.waitForResponse((response) => response.url().endsWith('/api/dealer-requests/44/reject'));
    const reread = page.waitForResponse((response) => isList(response.url()));
    await dialog
      .getByRole('textbox', { name: 'Reason (optional, kept with the request)' })
      .fill('Vergi levhası okunamıyor');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    // The body of the contract's `reject-44` example.
    const answer = await rejected;
    expect(answer.request().postDataJSON()).toEqual({ id: 44, state: 2, reason: 'Vergi levhası okunamıyor' });
    expect(answer.status()).toBe(200);
    await reread;
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Dealership rejected successfully')).toBeVisible();
    await expect(row(page, 'Kuzey Guvenlik')).toContainText('Rejected');
    await expect(row(page, 'Anadolu Alarm')).toContainText('Pending');
  });

  test('only administrators open the requests; the application needs no session', async ({ page }) => {
    await openSignedIn(page, 'dealer', '/Dealer/Requests');
    await expect(page).toHaveURL(/\/Error\/Forbidden/);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/Dealer/Create');
    await expect(page.getByRole('heading', { level: 1, name: 'Dealership application' })).toBeVisible();
  });
});

test('both pages fit a phone in Turkish, light and dark', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await openSignedIn(page, 'admin', '/Dealer/Requests', 'tr');
    await expect(page.getByRole('heading', { level: 1, name: 'Bayilik talepleri' })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Bayilik talepleri', exact: true })).toBeVisible();
    await expect(page.getByText('Reddedildi').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`requests-${scheme}.png`) });

    await page.goto('/Dealer/Create');
    await expect(page.getByRole('heading', { level: 1, name: 'Bayilik başvurusu' })).toBeVisible();
    await page.getByLabel('Vergi levhası', { exact: true }).setInputFiles(png());
    await expect(page.getByRole('img', { name: 'Vergi levhası önizlemesi' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`application-${scheme}.png`), fullPage: true });
  }
});
