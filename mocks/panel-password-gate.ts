/**
 * The mock's one gate for panel passwords (openapi/README.md "What the backend must enforce", "Panel passwords"), read
 * from each operation's annotations and applied by the front right after the access rules (mocks/access.ts), before
 * any area, Prism or the panel is asked:
 *  - `x-attempt-limit` names the policy (root `x-attempt-limits`, mocks/db/attempt-limits.ts): a call locked for this
 *    panel and account, or for this panel, answers 429 with `Retry-After` and the `Lockout` body — the right password
 *    too — whether the panel is connected or the server would answer from its known copy;
 *  - `x-panel-password` says where the password is (`in`, a dotted `name`), the least rights its panel user needs
 *    and the body value naming a settings group whose schema's `x-panel-rights` raises them (a settings write's own
 *    `x-settings-group` does too); `judge: server` marks the calls the server answers itself.
 * A request whose body the contract refuses is left to Prism's 400, uncounted; so is one without a password string.
 * Otherwise the password is judged by the panel simulator (the panel, and the server's copy of its users): a wrong
 * one counts once for the call (per panel and account, per panel), is told to the listeners (the audit log's
 * `pin_failure`) and, when it locks, to them again (`pin_lockout`) and on the panel's live topic (`security_notice`);
 * where the server judges it, it answers 403 `panel-password-wrong`, else the call goes on to the panel's own
 * answer. A right one clears the account's count and must have the rights asked: 403 `panel-rights` otherwise.
 */
import { AttemptLimiter, attemptPolicyOf, lockoutAnswer, type Lock, type LimitKeys } from './db/attempt-limits.ts';
import type { CommandSink, PanelUser } from './command-sink.ts';
import type { Contract, JsonObject, Operation } from './contract.ts';
import { ContractSchemas } from './contract-schemas.ts';
import { integerValue } from './ids.ts';

export type PanelRights = 'any' | 'manage' | 'installer';

/** An operation's `x-panel-password`. */
export interface PanelPasswordRule {
  in: 'body';
  name: string;
  rights: PanelRights;
  group?: string;
  judge?: 'server' | 'panel';
}

/** What the gate sees of a request (the access rules passed it: the claims are a signed token's). */
export interface GateRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  claims: Record<string, unknown>;
  language?: string;
}

export interface GateRefusal {
  status: 403 | 429;
  headers?: Record<string, string>;
  body: unknown;
}

/** A wrong password or a lock it caused, for the audit log (never the password). */
export interface PinEvent {
  action: 'pin_failure' | 'pin_lockout';
  devId: number;
  /** The operation that carried the password. */
  operationId: string;
  claims: Record<string, unknown>;
  lock?: Lock;
  /** The wrong attempts in the window that caused the lock. */
  failures?: number;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted path of a body (`write.user_pass`). */
export const valueAt = (body: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, part) => (isObject(value) ? value[part] : undefined), body);

export const panelPasswordRuleOf = (operation: Operation): PanelPasswordRule | undefined => {
  const rule = operation.spec['x-panel-password'];
  return isObject(rule) ? (rule as unknown as PanelPasswordRule) : undefined;
};

const LOCKED_MESSAGE: Record<string, string> = {
  tr: 'Çok fazla hatalı deneme. Lütfen daha sonra tekrar deneyin',
  en: 'Too many wrong attempts. Please try again later',
};

/** The 403 bodies of the shared `Forbidden` response, by example name. */
const forbiddenBody = (contract: Contract, example: string): unknown => {
  const components = contract.document.components as JsonObject | undefined;
  const forbidden = isObject(components?.responses) ? components.responses.Forbidden : undefined;
  const content = isObject(forbidden) && isObject(forbidden.content) ? forbidden.content['application/json'] : {};
  const examples = isObject(content) && isObject(content.examples) ? content.examples : {};
  const chosen = examples[example];
  return isObject(chosen) ? chosen.value : { message: example, status: 'Error' };
};

const allows = (user: PanelUser | undefined, rights: PanelRights | undefined): boolean =>
  rights === 'installer' ? Boolean(user?.installer) : rights === 'manage' ? Boolean(user?.manage) : true;

export class PanelPasswordGate {
  private readonly listeners = new Set<(event: PinEvent) => void>();
  private readonly schemas: ContractSchemas;
  /** Each settings group's `x-panel-rights`, by group number. */
  private readonly groupRights = new Map<number, PanelRights>();

  constructor(
    private readonly contract: Contract,
    private readonly panels: CommandSink,
    readonly limiter: AttemptLimiter = AttemptLimiter.fromContract(contract),
  ) {
    this.schemas = new ContractSchemas(contract);
    const schemas = (contract.document.components as JsonObject | undefined)?.schemas;
    for (const schema of Object.values(isObject(schemas) ? schemas : {})) {
      if (isObject(schema) && typeof schema['x-settings-group'] === 'number' && schema['x-panel-rights']) {
        this.groupRights.set(schema['x-settings-group'], schema['x-panel-rights'] as PanelRights);
      }
    }
  }

  /** Tells `listener` every wrong password and every lock (the audit log). → a function that stops it. */
  onEvent(listener: (event: PinEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Forgets every count and lock (the mock's `areas/reset` and `panels/reset`). */
  reset(): void {
    this.limiter.reset();
  }

  /** The panel (dev_id) an operation's request names: its first `x-ownership` rule of a panel's dev_id. */
  private devIdOf(operation: Operation, request: GateRequest): number | undefined {
    const rules = Array.isArray(operation.spec['x-ownership']) ? operation.spec['x-ownership'] : [];
    const rule = rules.find((entry) => isObject(entry) && entry.object === 'panel' && entry.key !== 'id');
    if (!isObject(rule)) return undefined;
    const name = String(rule.name);
    const raw =
      rule.in === 'path' ? request.params[name] : rule.in === 'query' ? request.query.get(name) : request.body[name];
    return integerValue(raw);
  }

  /** The rights a call needs: the operation's, raised by the settings group it names or writes. */
  private rightsNeeded(operation: Operation, rule: PanelPasswordRule, body: unknown): PanelRights[] {
    const own = operation.spec['x-settings-group'];
    const named = rule.group === undefined ? undefined : valueAt(body, rule.group);
    const group = typeof own === 'number' ? own : typeof named === 'number' ? named : undefined;
    const raised = group === undefined ? undefined : this.groupRights.get(group);
    return raised ? [rule.rights, raised] : [rule.rights];
  }

  /** The refusal of a request, or undefined when it may go on (to the panel's own answer for a wrong password). */
  check(operation: Operation, request: GateRequest, now = Date.now()): GateRefusal | undefined {
    const rule = panelPasswordRuleOf(operation);
    const policy = attemptPolicyOf(operation);
    const userId = request.claims.user_id;
    const devId = this.devIdOf(operation, request);
    if (!rule || !policy || typeof userId !== 'number' || devId === undefined) return undefined;
    const keys: LimitKeys = { 'panel-account': `${devId}/${userId}`, panel: String(devId) };
    const held = this.limiter.locked(policy, keys, now);
    const message = LOCKED_MESSAGE[request.language === 'en' ? 'en' : 'tr']!;
    if (held) return lockoutAnswer(held, message, now);
    const password = valueAt(request.body, rule.name);
    if (typeof password !== 'string' || password === '') return undefined;
    // Bad input is the request's own validation (Prism's 400): never a password attempt.
    if (this.schemas.requestBody(operation)(request.body) !== undefined) return undefined;
    if (!this.panels.isPanelPassword(devId, password)) {
      const lock = this.limiter.count(policy, keys, now);
      this.tell({ action: 'pin_failure', devId, operationId: operation.operationId, claims: request.claims });
      if (lock) {
        const failures = this.limiter.policy(policy).limits.find((limit) => limit.per === lock.per)?.attempts;
        this.tell({
          action: 'pin_lockout',
          devId,
          operationId: operation.operationId,
          claims: request.claims,
          lock,
          failures,
        });
        void this.panels.securityNotice?.(devId, {
          kind: 'pin_lockout',
          at: new Date(now).toISOString(),
          failures: failures ?? 1,
          scope: lock.per === 'panel' ? 'panel' : 'account',
          locked_until: new Date(lock.until).toISOString(),
        });
      }
      return rule.judge === 'server'
        ? { status: 403, body: forbiddenBody(this.contract, 'panel-password-wrong') }
        : undefined;
    }
    this.limiter.succeeded(policy, keys);
    const user = this.panels.panelUserOf?.(devId, password);
    const rights = this.rightsNeeded(operation, rule, request.body);
    if (!rights.every((needed) => allows(user, needed))) {
      return { status: 403, body: forbiddenBody(this.contract, 'panel-rights') };
    }
    return undefined;
  }

  private tell(event: PinEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
