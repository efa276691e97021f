/** The secret fields of a template as people read them: "Card number (Panel user settings)", one line. */
import type { Translate } from '../../../lib/forms/settings/settings-texts.ts';
import type { MissingSecret } from '../../../lib/forms/settings/template-secrets.ts';
import { groupTitle } from './template-texts.ts';

export const secretList = (tt: Translate, secrets: readonly Pick<MissingSecret, 'group' | 'field' | 'labelKey'>[]) =>
  secrets
    .map(({ group, field, labelKey }) => `${labelKey ? tt(`${labelKey}.label`) : field} (${groupTitle(tt, group)})`)
    .join(', ');
