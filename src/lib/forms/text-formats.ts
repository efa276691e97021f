/**
 * The text formats every form checks as the contract's checker does (the mock's Prism, with ajv-formats): an e-mail
 * address, a URI, a number typed as text. Copied rather than imported: the sign-in page must not bundle ajv-formats.
 */

/**
 * The one e-mail rule of every form. It is the `email` format of ajv-formats in its full mode, which is what the
 * mock (Prism) checks `format: email` with, so the browser refuses exactly the addresses the contract refuses
 * (a local part, `@`, and a domain with at least one dot). Copied rather than imported: the sign-in page must
 * not bundle ajv-formats.
 */
export const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/**
 * The one URI rule of every form (`format: uri`): a scheme, then only the characters RFC 3986 allows (unreserved,
 * reserved, percent escapes), as the `uri` format of ajv-formats that the mock (Prism) checks with; the browser's URL
 * parser must take it too. Spaces, `<>"{}|\^` and unescaped non-ASCII letters are refused.
 */
export const URI_PATTERN = /^[a-z][a-z0-9+.-]*:(?:[a-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9a-f]{2})+$/i;

export const isUri = (value: string): boolean => URI_PATTERN.test(value) && URL.canParse(value);

// A number typed in: decimal digits, an optional minus, fraction and exponent (no `+`, hex, `Infinity` or spaces).
export const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
export const INTEGER_TEXT = /^-?\d+$/;
