/**
 * The mock answers in the caller's language: every text the contract's answers word as the backend (a `message`, a
 * `status_desc`, a lookup list's `Description`) has its English in mocks/english-texts.ts, so an example added in
 * Turkish fails here until it has one; and the answer is put in English only for a caller that does not ask for
 * Turkish, only in those fields.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerInLanguage, wantsTurkish } from './answer-language.ts';
import { CONTRACT_FILE, Contract } from './contract.ts';
import { ENGLISH_LOOKUP_TEXTS, ENGLISH_MESSAGES, ENGLISH_STATUS_TEXTS } from './english-texts.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const contract = new Contract(JSON.parse(readFileSync(CONTRACT_FILE, 'utf8')) as never);

/** Answers of the contract already written in English (the payment provider's callback refusals). */
const ALREADY_ENGLISH = new Set(['Invalid callback hash', 'Unknown order', 'Amount does not match the order']);

/** The backend's own texts of every answer of the contract, by the field that holds them. */
function contractTexts(): { message: Set<string>; status_desc: Set<string>; lookup: Set<string> } {
  const found = { message: new Set<string>(), status_desc: new Set<string>(), lookup: new Set<string>() };
  const walk = (node: Json, lookup: boolean): void => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, lookup));
    if (node === null || typeof node !== 'object') return;
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === 'string' && (name === 'message' || name === 'status_desc')) found[name].add(value);
      else if (typeof value === 'string' && name === 'Description' && lookup) found.lookup.add(value);
      else walk(value, lookup);
    }
  };
  for (const operation of contract.operations) {
    walk(operation.spec.responses as Json, operation.path.startsWith('/list/'));
  }
  const components = contract.document.components as { responses?: Json };
  walk(components.responses ?? null, false);
  return found;
}

describe('answers in the caller language', () => {
  const texts = contractTexts();

  it('finds the texts of the contract answers', () => {
    expect(texts.message.size).toBeGreaterThan(80);
    expect(texts.lookup).toContain('Giriş/Çıkış Gecikmeli');
    expect(texts.status_desc).toContain('Sistem Hazır');
  });

  it('has English for every Turkish text the contract answers with', () => {
    expect([...texts.message].filter((text) => !ENGLISH_MESSAGES[text] && !ALREADY_ENGLISH.has(text))).toEqual([]);
    expect([...texts.status_desc].filter((text) => !ENGLISH_STATUS_TEXTS[text])).toEqual([]);
    expect([...texts.lookup].filter((text) => !ENGLISH_LOOKUP_TEXTS[text])).toEqual([]);
  });

  it('keeps Turkish for tr and for a call without the header, English for any other language', () => {
    expect(wantsTurkish('tr')).toBe(true);
    expect(wantsTurkish('tr-TR')).toBe(true);
    expect(wantsTurkish(undefined)).toBe(true);
    expect(wantsTurkish('en')).toBe(false);
    expect(wantsTurkish('de')).toBe(false);
  });

  it('puts only the backend texts in English, and leaves a Turkish answer as it was', () => {
    const lookup = Buffer.from(JSON.stringify({ data: [{ Code: 1, Description: 'Giriş/Çıkış Gecikmeli' }] }));
    expect(answerInLanguage('tr', 'get /list/getbehaviorlist', lookup)).toBe(lookup);
    expect(JSON.parse(answerInLanguage('en', 'get /list/getbehaviorlist', lookup).toString())).toEqual({
      data: [{ Code: 1, Description: 'Entry/exit delay' }],
    });
    // A panel's name is the owner's words, whatever they are, and a `Description` outside a lookup list is a name.
    const panel = { description: 'Hırsız', status: 1, status_desc: 'Sistem Hazır', Description: 'Panik' };
    expect(JSON.parse(answerInLanguage('en', 'get /devices', Buffer.from(JSON.stringify(panel))).toString())).toEqual({
      ...panel,
      status_desc: 'System ready',
    });
    const refusal = Buffer.from(JSON.stringify({ message: 'Panel şifresi hatalı', status: 'Error' }));
    expect(JSON.parse(answerInLanguage('en', 'post /x', refusal).toString())).toEqual({
      message: 'Wrong panel password',
      status: 'Error',
    });
    // A text the table does not know (a person's words) and what is not JSON stay as they were.
    const unknown = Buffer.from(JSON.stringify({ message: 'Toplanti saat 15te' }));
    expect(answerInLanguage('en', 'post /x', unknown)).toBe(unknown);
    const file = Buffer.from([0xff, 0xd8, 0xff]);
    expect(answerInLanguage('en', 'get /files/x', file)).toBe(file);
  });
});
