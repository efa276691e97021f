/**
 * Keypad flag strings (spec 2 §3, §9): one pair per keypad 1-4 in order, `11` when the keypad is selected and
 * `00` when it is not. The string's rule is in the contract (`KeypadFlags`); these only convert it.
 */
export const KEYPAD_COUNT = 4;
const SELECTED = '11';
const NOT_SELECTED = '00';

/** Which of the four keypads a flag string selects. */
export const selectedKeypads = (flags: string): boolean[] =>
  Array.from({ length: KEYPAD_COUNT }, (_, index) => flags.slice(index * 2, index * 2 + 2) === SELECTED);

/** The flag string of a selection of the four keypads. */
export const keypadFlags = (selected: readonly boolean[]): string =>
  Array.from({ length: KEYPAD_COUNT }, (_, index) => (selected[index] ? SELECTED : NOT_SELECTED)).join('');
