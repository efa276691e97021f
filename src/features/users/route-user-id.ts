/** The user id of `/User/$id/Edit`: a whole number from 1, else NaN (the page says there is no such user). */
export const routeUserId = (raw: string): number => {
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(id) && id >= 1 ? id : Number.NaN;
};
