/**
 * One account by its id (the proposed `GET /user/getuserdetail/{id}`), for `/User/{id}/Edit`: read on its own, so the
 * page shows the user after a reload too. A refusal for an id outside the caller's reach is a 404, the same as an
 * unknown id.
 */
import { useQuery } from '@tanstack/react-query';
import { getUserByIdOptions, getUserByIdQueryKey } from '@generated/api/@tanstack/react-query.gen.ts';
import { ApiError } from '../../../lib/api/api-error.ts';

export const userRecordOptions = (id: number) => getUserByIdOptions({ path: { id } });

/** The key of one account's read (a save writes the stored account there). */
export const userRecordKey = (id: number) => getUserByIdQueryKey({ path: { id } });

/** The account `id`; nothing is read for an address that names no user. */
export const useUserRecord = (id: number | undefined) =>
  useQuery({ ...userRecordOptions(id ?? 0), enabled: id !== undefined });

/** A read that failed because there is no such user within the caller's reach. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.httpStatus === 404;
