import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../../locales/en.json';
import tr from '../../../locales/tr.json';
import { toastStore } from '../../shared/toast/toast-store.ts';
import { confirmPanelLogin, notifyNotArmed } from './results.ts';

beforeAll(async () => {
  await i18next.init({ lng: 'tr', resources: { en: { translation: en }, tr: { translation: tr } } });
});
beforeEach(() => toastStore.clear());

describe('the panel login check (spec 1 §6)', () => {
  it('grants access only on err 0 with a panel user above 0, silently', () => {
    expect(confirmPanelLogin({ err: 0, user_no: 1 })).toBe(true);
    expect(confirmPanelLogin({ err: 0, user_no: 2 })).toBe(true);
    expect(toastStore.list()).toEqual([]);
  });

  it.each([{ err: 0, user_no: 0 }, { err: 2, user_no: 0 }, { err: 2, user_no: 3 }, { Err: 5 }])(
    "refuses %o with the danger toast 'Yetki Bulunamadı', kept until closed",
    (answer) => {
      expect(confirmPanelLogin(answer)).toBe(false);
      expect(toastStore.list().at(-1)).toMatchObject({
        severity: 'error',
        title: 'Yetki Bulunamadı',
        message: 'Lütfen yetkili bir kullanıcı ile giriş yapınız',
        persistent: true,
      });
    },
  );
});

describe('an arm the live feed did not confirm', () => {
  it('is a warning naming the panel', () => {
    notifyNotArmed('Merkez Ofis', 8);
    expect(toastStore.list().at(-1)).toMatchObject({ severity: 'warning', title: 'Panel kurulmadı' });
    expect(toastStore.list().at(-1)?.message).toContain('Merkez Ofis');
    expect(toastStore.list().at(-1)?.message).toContain('8 saniye');
  });
});
