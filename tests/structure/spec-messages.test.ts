/** Every message the specification quotes appears exactly as written: Turkish ones in tr, English ones in en. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const values = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : values(value)));
const strings = (language: string) =>
  new Set(values(JSON.parse(readFileSync(`locales/${language}.json`, 'utf8')) as Tree));

const TURKISH = [
  'Hata!',
  'İşlem Başarıyla Gerçekleşti',
  'Komut panele gönderilirken bir hata oluştu',
  'Komut başarıyla panele gönderildi',
  'Komut başarıyla panele gönderildi. Lütfen panel ekranındaki kodu giriniz',
  'Yetki Bulunamadı',
  'Lütfen yetkili bir kullanıcı ile giriş yapınız',
  'Rapor Oluşturulamadı. Filtrelemelerinizin doğru olduğundan emin olun lütfen',
  'Yeni Sipariş Var',
  'Kuponlarınız başarıyla oluşturuldu',
];
const ENGLISH = ['Cannot to connect server', 'Unauthorized User'];

describe('spec messages', () => {
  it.each(TURKISH)('Turkish: %s', (message) => expect(strings('tr').has(message)).toBe(true));
  it.each(ENGLISH)('English: %s', (message) => expect(strings('en').has(message)).toBe(true));
});
