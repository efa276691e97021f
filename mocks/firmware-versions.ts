/**
 * How the contract compares firmware versions (`RolloutInput.allow_downgrade`): dotted numbers, number by number
 * (3.4.1 < 3.4.2 < 3.10.0; a missing number counts as 0, so 3.4 = 3.4.0). A part that is not a number is compared as
 * text after the numbers before it, so an odd version still has one order.
 */
const parts = (version: string): string[] => version.trim().split('.');

/** Negative when `a` is older than `b`, 0 when the same, positive when newer. */
export function compareVersions(a: string, b: string): number {
  const left = parts(a);
  const right = parts(b);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const x = left[index] ?? '0';
    const y = right[index] ?? '0';
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    const order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
    if (order !== 0) return Math.sign(order);
  }
  return 0;
}

/** Whether putting `target` on a panel running `current` takes it back to an older version. */
export const isDowngrade = (current: string, target: string): boolean =>
  current.trim() !== '' && compareVersions(current, target) > 0;
