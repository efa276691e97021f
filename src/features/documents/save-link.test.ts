import { describe, expect, it } from 'vitest';
import { safeHref } from './save-link.ts';

describe('download links', () => {
  it('are followed only when they are http(s)', () => {
    const base = 'https://console.example.com/Help/List';
    expect(safeHref('https://files.example.com/download/fs-1?sig=x', base)).toBe(
      'https://files.example.com/download/fs-1?sig=x',
    );
    expect(safeHref('/files/download/fs-1', base)).toBe('https://console.example.com/files/download/fs-1');
    expect(safeHref('javascript:alert(1)', base)).toBeUndefined();
    expect(safeHref('data:text/html,<b>x</b>', base)).toBeUndefined();
    expect(safeHref('http://[broken', base)).toBeUndefined();
  });
});
