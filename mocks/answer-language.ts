/**
 * The mock answers in the caller's language (the contract's `language` header, openapi/components/parameters.yaml):
 * Turkish for `tr` or no header (the contract's examples are Turkish), English for any other language (the console's
 * fallback). What it words itself is put in English from mocks/english-texts.ts: an answer's `message` and
 * `status_desc`, and the descriptions of the lookup lists. Names people gave (a panel's description, a user's name)
 * are never touched: only those fields, and only texts the table knows.
 */
import { ENGLISH_LOOKUP_TEXTS, ENGLISH_MESSAGES, ENGLISH_STATUS_TEXTS } from './english-texts.ts';

/** Whether a caller's `language` header asks for the Turkish the examples are written in. */
export const wantsTurkish = (language: string | string[] | undefined): boolean => {
  const value = Array.isArray(language) ? language[0] : language;
  return !value || value.toLowerCase().split('-')[0] === 'tr';
};

/** The lookup lists' operations: their items' `Description` is the backend's wording. */
const isLookup = (key: string | undefined): boolean => key?.startsWith('get /list/') === true;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A copy of `value` with the backend's own texts in English; `changed` says whether any was. */
function toEnglish(value: Json, lookup: boolean, changed: { any: boolean }): Json {
  if (Array.isArray(value)) return value.map((item) => toEnglish(item, lookup, changed));
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: Json } = {};
  for (const [name, child] of Object.entries(value)) {
    const table =
      name === 'message'
        ? ENGLISH_MESSAGES
        : name === 'status_desc'
          ? ENGLISH_STATUS_TEXTS
          : name === 'Description' && lookup
            ? ENGLISH_LOOKUP_TEXTS
            : undefined;
    const english = table && typeof child === 'string' ? table[child] : undefined;
    if (english !== undefined) changed.any = true;
    out[name] = english ?? toEnglish(child, lookup, changed);
  }
  return out;
}

/**
 * A JSON answer in the caller's language: unchanged (the same bytes) for a Turkish caller, for what is not JSON and
 * when nothing in it is the backend's own wording; else with those texts in English.
 */
export function answerInLanguage(
  language: string | string[] | undefined,
  key: string | undefined,
  payload: Buffer,
): Buffer {
  if (wantsTurkish(language) || payload.length === 0) return payload;
  let parsed: Json;
  try {
    parsed = JSON.parse(payload.toString('utf8')) as Json;
  } catch {
    return payload;
  }
  const changed = { any: false };
  const english = toEnglish(parsed, isLookup(key), changed);
  return changed.any ? Buffer.from(JSON.stringify(english)) : payload;
}

/** A JSON body (an access refusal) in the caller's language. */
export const bodyInLanguage = (language: string | string[] | undefined, body: unknown): unknown =>
  wantsTurkish(language)
    ? body
    : JSON.parse(answerInLanguage(language, undefined, Buffer.from(JSON.stringify(body))).toString('utf8'));
