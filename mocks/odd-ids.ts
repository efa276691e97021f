/**
 * For the mock's tests: the forms of an id that a lenient reader (`Number()`, a trimming or coercing parser) takes
 * for the id itself, and that the mock's one id parser (mocks/ids.ts) refuses.
 */
export const oddForms = (id: number): string[] => [
  `${id}.0`,
  `+${id}`,
  `${id} `,
  ` ${id}`,
  `0${id}`,
  `${id}e0`,
  `${id}.`,
  `0x${id.toString(16)}`,
  `${id}\n`,
  `${id}%20`,
];
