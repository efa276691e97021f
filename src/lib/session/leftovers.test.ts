import { beforeEach, describe, expect, it } from 'vitest';
import { installMemoryStorage } from '../../../tests/support/memory-storage.ts';
import { removeLeftovers } from './leftovers.ts';

installMemoryStorage();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('leftovers of older consoles', () => {
  it('removes a stored access token, a refresh token and stored panel passwords, and keeps the preferences', () => {
    localStorage.setItem('access_token', 'a.b.c');
    localStorage.setItem('refresh_token', 'long-lived');
    localStorage.setItem('lang', 'en');
    sessionStorage.setItem('panel_logins', '{"864215040012345":{"password":"1234","userNo":0}}');
    removeLeftovers();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(sessionStorage.getItem('panel_logins')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('en');
  });
});
