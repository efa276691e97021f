/**
 * The refresh cookie of the contract's proposal (openapi/README.md "Sessions"), as a browser meets it on the
 * console's own origin: the mock is reached through the console's proxy, and Chromium takes the `Secure`, `__Host-`
 * cookie over http on 127.0.0.1. It is a session cookie no script can read; the renewal works from it alone, and the
 * sign-out clears it and ends its session.
 */
import { expect, test } from '@playwright/test';

/** A call of the console's page to its own API, with only what the browser adds (no bearer token). */
const call = (method: string, path: string, body?: object) => ({ method, path, body });

test('sign-in sets the refresh cookie; it renews alone, no script reads it, and the sign-out clears it', async ({
  page,
  context,
}) => {
  // A document of the console's origin that runs no console script: the console's own start-up renewal would race
  // with the calls below (a sign-in's cookie it found would move it off its page).
  await page.goto('/config.json');
  const send = (request: ReturnType<typeof call>) =>
    page.evaluate(async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', agent: 'browser' },
        body: body && JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    }, request);

  expect((await send(call('POST', '/logins', { username: 'dealer', password: 'any-password' }))).status).toBe(200);
  const cookies = await context.cookies();
  expect(cookies).toEqual([
    expect.objectContaining({
      name: '__Host-refresh',
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      // A session cookie: a closed browser drops it.
      expires: -1,
    }),
  ]);
  expect(await page.evaluate(() => document.cookie)).toBe('');

  const renewed = await send(call('GET', '/changed-jwt'));
  expect(renewed.status).toBe(200);
  expect((JSON.parse(renewed.text) as { data: { data: { token: string } } }).data.data.token).toMatch(/^ey/);

  expect((await send(call('POST', '/logout'))).status).toBe(204);
  expect(await context.cookies()).toEqual([]);
  expect((await send(call('GET', '/changed-jwt'))).status).toBe(401);
});
