import { useQuery } from '@tanstack/react-query';
import { getUserDetailOptions } from '@generated/api/@tanstack/react-query.gen.ts';

/** The signed-in user's own profile (`GET /user/getuserdetail`). */
export const useUserDetail = () => useQuery(getUserDetailOptions());
