/**
 * The server answers its own texts in the caller's language (kind `language`; the `language` header of
 * openapi/components/parameters.yaml): each lookup list the settings forms offer (`GET /list/...`, a read) is asked
 * for with `language: tr` and with `language: en`, with end user A's token (else the run's). Both must answer 200 with the same codes in the same order, and the
 * English list must not be the Turkish one again: at least one description differs. A server that ignores the header
 * shows a Turkish list in the English console (the zone types "Hırsız", "Yangın"). Every answer is also judged by the
 * operation's response schemas.
 */
import type { Operation } from '../mocks/contract.ts';
import { operationFields, pool, type CheckContext, type CheckResult } from './checks.ts';
import { exchangeOf, noAnswer, sendDirect, type DirectAnswer } from './direct.ts';
import { isObject, planRequest, type PlannedRequest } from './requests.ts';

/** The lookup lists: reads under `/list/` that answer `{ data: [{ Code, Description }] }`. */
export const lookupOperations = (context: CheckContext): Operation[] =>
  context.contract.operations.filter(
    (operation) =>
      operation.method === 'get' &&
      operation.path.startsWith('/list/') &&
      (!context.only?.length || context.only.includes(operation.operationId)),
  );

export const languageCase = (operation: Operation): string =>
  `language: ${operation.operationId} answers English to language en`;

type Entry = { code: unknown; text: unknown };
const entriesOf = (answer: DirectAnswer | undefined): Entry[] | undefined => {
  const data = isObject(answer?.json) ? answer.json.data : undefined;
  return Array.isArray(data)
    ? data.map((item) => (isObject(item) ? { code: item.Code, text: item.Description } : { code: item, text: item }))
    : undefined;
};

async function sendIn(
  context: CheckContext,
  request: PlannedRequest,
  language: string,
): Promise<{ request: PlannedRequest; answer?: DirectAnswer; error?: string }> {
  const asked = { ...request, headers: { ...request.headers, language } };
  try {
    const answer = await sendDirect(context.target, asked, { timeoutMs: context.timeoutMs, signal: context.deadline });
    return { request: asked, answer };
  } catch (error) {
    return { request: asked, error: noAnswer(error, context.timeoutMs) };
  }
}

async function checkOne(context: CheckContext, operation: Operation): Promise<CheckResult> {
  const started = performance.now();
  const result = (status: CheckResult['status'], message?: string, extra: Partial<CheckResult> = {}): CheckResult => ({
    kind: 'language',
    ...operationFields(operation),
    name: languageCase(operation),
    status,
    ...(message ? { message } : {}),
    ...extra,
    durationMs: Math.round(performance.now() - started),
  });
  // An end user's list, as the console asks for it (the administrator's token without the matrix's accounts).
  const plan = planRequest(context.contract, operation, context.identities?.a.token ?? context.token);
  if (plan.kind === 'skip') return result('skipped', plan.reason);
  const turkish = await sendIn(context, plan.request, 'tr');
  const english = await sendIn(context, plan.request, 'en');
  for (const sent of [turkish, english]) {
    if (sent.error) return result('failed', sent.error, { exchange: exchangeOf(sent.request) });
    if (sent.answer?.status !== 200) {
      return result('failed', `language ${sent.request.headers.language}: answered ${sent.answer?.status}, not 200`, {
        exchange: exchangeOf(sent.request, sent.answer),
      });
    }
    const violations = context.responses.check(operation, sent.answer);
    if (violations.length) {
      return result('failed', `the answer breaks the contract: ${violations.map((v) => v.message).join('; ')}`, {
        exchange: exchangeOf(sent.request, sent.answer),
      });
    }
  }
  const tr = entriesOf(turkish.answer) ?? [];
  const en = entriesOf(english.answer) ?? [];
  const codes = (entries: Entry[]) => JSON.stringify(entries.map((entry) => entry.code));
  if (codes(tr) !== codes(en)) {
    return result('failed', `the English list has other codes than the Turkish one (${codes(en)} vs ${codes(tr)})`, {
      exchange: exchangeOf(english.request, english.answer),
    });
  }
  if (tr.length > 0 && tr.every((entry, index) => entry.text === en[index]?.text)) {
    return result('failed', 'language en answers the Turkish texts again: the language header is ignored', {
      exchange: exchangeOf(english.request, english.answer),
    });
  }
  return result('passed');
}

export const runLanguages = (context: CheckContext): Promise<CheckResult[]> =>
  pool(lookupOperations(context), context.concurrency, (operation) => checkOne(context, operation));
