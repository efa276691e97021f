/**
 * Where a signed-in person's console starts: the administrators' home page (the system's summary), everybody
 * else's panel list (spec 1: home sends non-admins to Panels). Sign-in goes there directly, so a dealer's first
 * page does not pass through the administration's route (and its texts) on the way.
 */
import type { UserType } from '@generated/api/types.gen.ts';
import { isAdmin } from '../session/user-type.ts';
import { paths } from './paths.ts';

export const homeFor = (type: UserType | undefined): string => (isAdmin(type) ? paths.home : paths.panels);
