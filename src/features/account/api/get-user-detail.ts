import { useSuspenseQuery } from '@tanstack/react-query';
import { getUserDetailOptions } from '@generated/api/@tanstack/react-query.gen.ts';

/** The signed-in user's own profile (`GET /user/getuserdetail`; the route's loader fetches it). */
export const userDetailOptions = () => getUserDetailOptions();

export const useUserDetail = () => useSuspenseQuery(userDetailOptions());
