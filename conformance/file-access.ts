/**
 * The file store's access check (kind `authz`; the contract's proposed `checkFileAccess`, which a reverse proxy asks
 * before it lets a `/files` request through): for every folder `x-folder-levels` keeps from some user types, the
 * check must judge the folder as the store would open it — the spellings that name the same folder (`/./Firmware`,
 * `/%2e/Firmware`, `/%252e/Firmware`, `/Firmware.`, `/Firmware%20`, another letter case) are refused to the matrix's
 * end user (403) just as the plain name is, while the administrator's token reads the plain name (204: the control,
 * so a check that refuses everyone fails); and a method other than GET or HEAD in `X-Original-Method` is refused
 * (405, `Allow: GET, HEAD`) even to the administrator. Proposed: counted as failures only with `--strict-proposals`.
 */
import type { Operation } from '../mocks/contract.ts';
import { DEADLINE_SKIPPED, operationFields, type CheckContext, type CheckResult } from './checks.ts';
import { exchangeOf, noAnswer, sendDirect, type DirectAnswer } from './direct.ts';
import type { PlannedRequest } from './requests.ts';
import { isObject } from './requests.ts';

export const FILE_ACCESS_CHECKS = {
  disguised: (folder: string) => `checkFileAccess: ${folder} under another spelling is refused to an end user`,
  method: 'checkFileAccess: a method other than GET or HEAD is refused (405, Allow: GET, HEAD)',
} as const;

/** The store route the probes ask about (the contract's listing route). */
const listing = (path: string) => `/files/resources?path=${path}`;

/** Spellings of a root folder that name it as the store opens it (the contract's normalisation rule). */
export function disguises(folder: string): string[] {
  const name = folder.replace(/^\/+|\/+$/g, '');
  const flipped = name === name.toUpperCase() ? name.toLowerCase() : name.toUpperCase();
  return [
    `%2F.%2F${name}`,
    `%2F%2e%2F${name}`,
    `%2F%252e%2F${name}`,
    `%2F${name}.`,
    `%2F${name}%20`,
    `%2F%2F${name}`,
    `%2F${flipped}`,
  ];
}

type Sent = { request: PlannedRequest; answer?: DirectAnswer; error?: string };

export async function runFileAccess(context: CheckContext): Promise<CheckResult[]> {
  const operation = context.contract.operations.find((op) => op.operationId === 'checkFileAccess');
  if (!operation || (context.only?.length && !context.only.includes(operation.operationId))) return [];
  const levels = operation.spec['x-folder-levels'];
  const kept = Object.entries(isObject(levels) ? levels : {}).filter(([, level]) => Number(level) > 0);

  const result = (name: string, status: CheckResult['status'], message: string, sent?: Sent): CheckResult => ({
    kind: 'authz',
    ...operationFields(operation as Operation),
    proposed: true,
    name,
    status,
    message,
    durationMs: 0,
    ...(sent && status === 'failed' ? { exchange: exchangeOf(sent.request, sent.answer) } : {}),
  });
  const send = async (token: string, uri: string, method?: string): Promise<Sent> => {
    const request: PlannedRequest = {
      method: 'GET',
      url: operation.path,
      headers: {
        authorization: `Bearer ${token}`,
        'x-original-uri': uri,
        ...(method ? { 'x-original-method': method } : {}),
      },
    };
    try {
      const options = { timeoutMs: context.timeoutMs, signal: context.deadline };
      return { request, answer: await sendDirect(context.target, request, options) };
    } catch (error) {
      return { request, error: noAnswer(error, context.timeoutMs) };
    }
  };
  const said = (sent: Sent) => String(sent.answer?.status ?? sent.error);
  if (context.deadline.aborted) {
    return [...kept.map(([folder]) => FILE_ACCESS_CHECKS.disguised(folder)), FILE_ACCESS_CHECKS.method].map((name) =>
      result(name, 'skipped', DEADLINE_SKIPPED),
    );
  }

  const results: CheckResult[] = [];
  const endUser = context.identities?.a;
  for (const [folder, level] of kept) {
    const name = FILE_ACCESS_CHECKS.disguised(folder);
    if (!endUser) {
      results.push(result(name, 'skipped', 'needs the end user of the matrix (--token-a or an identities file)'));
      continue;
    }
    if (endUser.userType >= Number(level)) {
      results.push(
        result(name, 'skipped', `the matrix's A is user type ${endUser.userType}, which may read ${folder}`),
      );
      continue;
    }
    const plain = `%2F${folder.replace(/^\/+|\/+$/g, '')}`;
    const control = await send(context.token, listing(plain));
    if (control.answer?.status !== 204) {
      results.push(
        result(name, 'failed', `the administrator's ${listing(plain)} answered ${said(control)}, not 204`, control),
      );
      continue;
    }
    const letThrough: Sent[] = [];
    for (const spelling of [plain, ...disguises(folder)]) {
      const sent = await send(endUser.token, listing(spelling));
      if (sent.answer?.status !== 403) letThrough.push(sent);
    }
    results.push(
      letThrough.length
        ? result(
            name,
            'failed',
            `expected 403 to the end user for every spelling of ${folder}, answered ${letThrough
              .map((sent) => `${said(sent)} to ${sent.request.headers['x-original-uri']}`)
              .join(', ')}`,
            letThrough[0],
          )
        : result(name, 'passed', `${disguises(folder).length + 1} spellings refused (403); the administrator read it`),
    );
  }

  const wrongMethods: Sent[] = [];
  for (const method of ['POST', 'PUT', 'DELETE']) {
    const sent = await send(context.token, listing('%2F'), method);
    const allow = sent.answer?.headers?.allow?.replace(/\s+/g, '');
    if (sent.answer?.status !== 405 || allow !== 'GET,HEAD') wrongMethods.push(sent);
  }
  results.push(
    wrongMethods.length
      ? result(
          FILE_ACCESS_CHECKS.method,
          'failed',
          `expected 405 with Allow: GET, HEAD, answered ${wrongMethods
            .map((sent) => `${said(sent)} to ${sent.request.headers['x-original-method']}`)
            .join(', ')}`,
          wrongMethods[0],
        )
      : result(FILE_ACCESS_CHECKS.method, 'passed', 'POST, PUT and DELETE refused with 405 and Allow: GET, HEAD'),
  );
  return results;
}
