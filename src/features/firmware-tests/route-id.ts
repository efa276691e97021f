/**
 * The `$id` of `/PanelTest/$id/Versions`, `/Stages` (a model's id) and `/test` (a test's id): a whole number from 1,
 * else NaN (the page says the address is not valid and leads back).
 */
export const routeId = (raw: string | undefined): number => {
  const id = raw !== undefined && /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(id) && id >= 1 ? id : Number.NaN;
};
