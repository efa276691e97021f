/**
 * Planted faults of the second factor (for second-factor.ts's probe), each in a wrong server made from the honest mock
 * (wrong-front.ts). A fault that must answer with a session answers with a real token of the enrolled account (the
 * dealer's on the mock), as a server that skipped the check would:
 *  - `recoveryReusable`: a spent recovery code opens a session again (the first use is forwarded and remembered);
 *  - `anyCode`: the sign-in's second step takes any 6-digit code;
 *  - `noLimit`: the enrolment's confirmation refuses the probe's wrong codes itself (repeated digits), never counting
 *    them: no attempt limit;
 *  - `tokenFirst`: the sign-in of the enrolled account answers a token before the second factor;
 *  - `endUserEnrols`: end user A's enrolment goes on as the administrator's (no user-type check);
 *  - `policyNotStored`: turning the requirement on answers 200 without storing it (the probe of
 *    second-factor-policy.ts);
 *  - `anyoneSetsPolicy`: the dealer's (or A's) setting goes on as the administrator's (no level check);
 *  - `noEnrolmentGate`: a session with `second_factor_enrolment_required` lists its panels as the administrator's
 *    (the claim not enforced).
 */
import { answerJson, type Fault, type ForwardedRequest } from './wrong-front.ts';

export interface SecondFactorFaultAccounts {
  admin: string;
  a: string;
  /** A token of the account the probe enrols, and its user name (`tokenFirst` only). */
  enrolled: string;
  enrolledName?: string;
  /** The dealer's token (`anyoneSetsPolicy`: the probe's non-administrator). */
  dealer?: string;
}

/** The claims of a request's bearer token (unverified: the wrong server only looks). */
const claimsOf = (request: ForwardedRequest): Record<string, unknown> => {
  const token = String(request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
};

const bodyOf = (request: ForwardedRequest): Record<string, unknown> => {
  try {
    const body = JSON.parse(request.body.toString('utf8') || '{}') as unknown;
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export function secondFactorFaults(accounts: SecondFactorFaultAccounts) {
  const session = answerJson(200, { data: { token: accounts.enrolled } });
  const spent = new Set<string>();
  const recoveryReusable: Fault = (request) => {
    const code = bodyOf(request).recovery_code;
    if (typeof code !== 'string') return undefined;
    if (spent.has(code)) return session;
    spent.add(code);
    return undefined;
  };
  const anyCode: Fault = (request) => (typeof bodyOf(request).code === 'string' ? session : undefined);
  const noLimit: Fault = (request) => {
    const code = bodyOf(request).code;
    return typeof code === 'string' && /^(\d)\1*$/.test(code)
      ? answerJson(400, { message: 'Doğrulama kodu hatalı', status: 'Error' })
      : undefined;
  };
  const tokenFirst: Fault = (request) =>
    accounts.enrolledName !== undefined && bodyOf(request).username === accounts.enrolledName ? session : undefined;
  const endUserEnrols: Fault = (request) =>
    request.headers.authorization === `Bearer ${accounts.a}`
      ? { ...request, headers: { ...request.headers, authorization: `Bearer ${accounts.admin}` } }
      : undefined;
  const asAdmin = (request: ForwardedRequest): ForwardedRequest => ({
    ...request,
    headers: { ...request.headers, authorization: `Bearer ${accounts.admin}` },
  });
  const policyNotStored: Fault = (request) =>
    bodyOf(request).required === true ? answerJson(200, { data: { required: true } }) : undefined;
  const anyoneSetsPolicy: Fault = (request) =>
    [accounts.dealer, accounts.a].some((token) => token && request.headers.authorization === `Bearer ${token}`)
      ? asAdmin(request)
      : undefined;
  const noEnrolmentGate: Fault = (request) =>
    claimsOf(request).second_factor_enrolment_required === true ? asAdmin(request) : undefined;
  return {
    recoveryReusable: { completeSecondFactor: recoveryReusable },
    anyCode: { completeSecondFactor: anyCode },
    noLimit: { confirmTotpEnrolment: noLimit },
    tokenFirst: { login: tokenFirst },
    endUserEnrols: { startTotpEnrolment: endUserEnrols },
    policyNotStored: { setSecondFactorPolicy: policyNotStored },
    anyoneSetsPolicy: { setSecondFactorPolicy: anyoneSetsPolicy },
    noEnrolmentGate: { getUserAllDevices: noEnrolmentGate },
  } satisfies Record<string, Record<string, Fault>>;
}
