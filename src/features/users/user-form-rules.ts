/**
 * The form of `/User/Add` and `/User/{id}/Edit` (spec 1 §2): its rules, read from the request schemas of the proposed
 * calls (AddUserRequest, UpdateUserRequest, whose values refer to the rules of the own profile, the sign-up and the
 * account), the user types a signed-in user may give (the contract's UserType, up to their own: the backend refuses
 * more), and the bodies the form sends.
 */
import {
  AccountPhoneSchema,
  AddUserRequestSchema,
  UpdateUserRequestSchema,
  UserTypeSchema,
} from '@generated/api/schemas.gen.ts';
import type { AddUserRequest, UpdateUserRequest, User, UserType } from '@generated/api/types.gen.ts';
import { formRules } from '../../lib/forms/schema-rules.ts';
import { ACCOUNT_MESSAGES, sentValues, type AccountValues } from '../../lib/users/account-fields.tsx';

const ACCOUNT_PROPERTIES = { name: 'name', email: 'email', phone: 'phone', dealercode: 'dealercode' } as const;
const REFS = { AccountPhone: AccountPhoneSchema };

/** The add page: `POST /user/adduser`. */
export const addUserRules = formRules(AddUserRequestSchema, ACCOUNT_PROPERTIES, REFS);
export const addUserMessages = ACCOUNT_MESSAGES;

/** The edit page: `PUT /user/updateuser` (the account's id comes from the address). */
export const updateUserRules = formRules(UpdateUserRequestSchema, ACCOUNT_PROPERTIES, REFS);
export const updateUserMessages = ACCOUNT_MESSAGES;

/** The contract's user types, lowest first. */
const USER_TYPES: readonly UserType[] = UserTypeSchema.enum;

/** The types a signed-in user of `viewerType` may give an account: up to their own. */
export const assignableTypes = (viewerType: UserType): UserType[] => USER_TYPES.filter((type) => type <= viewerType);

/** The account fields of a user as the form starts them. */
export const accountValuesOf = (user: Pick<User, 'name' | 'email' | 'Phonenumber' | 'Dealercode'>): AccountValues => ({
  name: user.name,
  email: user.email,
  phone: user.Phonenumber,
  dealercode: user.Dealercode,
});

/** What the add page sends. */
export const addUserBody = (values: AccountValues, userType: UserType): AddUserRequest => {
  const { name, email, phone, dealercode } = sentValues(values);
  return { name, email, phone, dealercode, user_type: userType };
};

/** What the edit page sends for the account `userId`. */
export const updateUserBody = (userId: number, values: AccountValues, userType: UserType): UpdateUserRequest => ({
  user_id: userId,
  ...addUserBody(values, userType),
});

/** Whether the form holds what the account already has (nothing to save). */
export function isUnchanged(user: User, values: AccountValues, userType: UserType): boolean {
  const sent = addUserBody(values, userType);
  const stored = addUserBody(accountValuesOf(user), user.user_type);
  return (Object.keys(sent) as (keyof AddUserRequest)[]).every((key) => sent[key] === stored[key]);
}

/**
 * Why a signed-in user may only look at an account on its edit page: their own (edited on the profile page), or one
 * whose type is above theirs (the backend refuses the save). Undefined when they may edit it.
 */
export function editLock(viewer: { user_id: number; UserType: UserType }, user: User): 'own' | 'typeAbove' | undefined {
  if (user.id === viewer.user_id) return 'own';
  if (user.user_type > viewer.UserType) return 'typeAbove';
  return undefined;
}
