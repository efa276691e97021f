import { describe, expect, it } from 'vitest';
import { cleanSearchText } from './search-text.ts';

describe('cleanSearchText', () => {
  it('strips special characters and keeps letters of any language, digits and spaces', () => {
    expect(cleanSearchText('  Mağaza / Kadıköy!  ')).toBe('Mağaza Kadıköy');
    expect(cleanSearchText('MX-16G')).toBe('MX16G');
    expect(cleanSearchText('8642150400%2F12345')).toBe('86421504002F12345');
    expect(cleanSearchText('Şube  Çeşme')).toBe('Şube Çeşme');
  });

  it('leaves nothing of a keyword made of special characters only', () => {
    expect(cleanSearchText('../?#*')).toBe('');
  });
});
