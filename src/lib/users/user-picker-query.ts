/**
 * The users a user picker offers (the panel copy dialog, spec 1 §2 Modals, §9: the picker lists up to 1000 users; the
 * user list's move-subscriptions dialog): one read of `GET user/getuserlist` with limit 1000 from offset 0, with the
 * contract's `search` when the person types one, so a user beyond the first 1000 is found by name or email.
 */
import { getUserListOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import type { User } from '@generated/api/types.gen.ts';
import { foldText } from '../../../rules/fold-text.ts';

/** The most users the picker lists (spec 1 §9). */
export const PICKER_LIMIT = 1000;
/** The contract's longest search text (parameter `search`, maxLength 100). */
export const PICKER_SEARCH_MAX_LENGTH = 100;

export const userPickerQuery = (search: string) => {
  const text = search.trim().slice(0, PICKER_SEARCH_MAX_LENGTH);
  return getUserListOptions({ query: { limit: PICKER_LIMIT, offset: 0, ...(text ? { search: text } : {}) } });
};

/** Whether a listed user matches what is typed (name, email, phone or dealer code), while the server's search runs. */
export function matchesUser(user: Pick<User, 'name' | 'email' | 'Phonenumber' | 'Dealercode'>, typed: string): boolean {
  const needle = foldText(typed.trim());
  if (!needle) return true;
  return [user.name, user.email, user.Phonenumber, user.Dealercode].some((field) => foldText(field).includes(needle));
}
