import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../../locales/en.json';
import tr from '../../../locales/tr.json';
import { toastStore } from '../../shared/toast/toast-store.ts';
import { confirmCodeRequest, confirmCommand, confirmStatus } from './results.ts';

beforeAll(async () => {
  await i18next.init({ lng: 'tr', resources: { en: { translation: en }, tr: { translation: tr } } });
});
beforeEach(() => toastStore.clear());

const last = () => toastStore.list().at(-1);

describe('confirmations of the spec catalogue', () => {
  it("confirms a status containing Success with 'İşlem Başarıyla Gerçekleşti'", () => {
    expect(confirmStatus({ status: 'Success' })).toBe(true);
    expect(last()).toMatchObject({ severity: 'success', message: 'İşlem Başarıyla Gerçekleşti', persistent: false });
  });

  it("shows the server's message, persistently, when the status is not Success", () => {
    expect(confirmStatus({ status: 'Failed', message: 'Kayıt güncellenemedi' })).toBe(false);
    expect(last()).toMatchObject({
      severity: 'error',
      title: 'Hata!',
      message: 'Kayıt güncellenemedi',
      persistent: true,
    });
  });

  it('confirms a panel command with Err 0 and keeps the failure toast until closed', () => {
    expect(confirmCommand({ Err: 0 })).toBe(true);
    expect(last()).toMatchObject({ severity: 'success', message: 'Komut başarıyla panele gönderildi' });
    expect(confirmCommand({ Err: 3 })).toBe(false);
    expect(last()).toMatchObject({
      severity: 'error',
      message: 'Komut panele gönderilirken bir hata oluştu',
      persistent: true,
    });
  });

  it('asks for the code shown on the panel after a successful code request', () => {
    expect(confirmCodeRequest({ Err: 0 })).toBe(true);
    expect(last()?.message).toBe('Komut başarıyla panele gönderildi. Lütfen panel ekranındaki kodu giriniz');
  });
});
