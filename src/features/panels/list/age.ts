/** "5 seconds ago", "3 minutes ago", "now": how old a panel's state is, in the interface language. */
const STEPS: [limitSeconds: number, unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  [60, 'second', 1],
  [3600, 'minute', 60],
  [86_400, 'hour', 3600],
  [Infinity, 'day', 86_400],
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

export function formatAge(ageMs: number, language: string): string {
  let format = formats.get(language);
  if (!format) formats.set(language, (format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })));
  const seconds = Math.max(0, Math.floor(ageMs / 1000));
  const [, unit, size] = STEPS.find(([limit]) => seconds < limit)!;
  return format.format(-Math.floor(seconds / size), unit);
}
