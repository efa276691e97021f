/** The user types of the contract (0 user, 1 dealer, 2 admin) as the panel users page names them. */
import type { UserType } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';

export const USER_TYPE_LABELS: Record<UserType, TranslationKey> = {
  0: 'panelManage.userTypes.user',
  1: 'panelManage.userTypes.dealer',
  2: 'panelManage.userTypes.admin',
};
