/**
 * An area written as handlers keyed by the contract's operation ids (generated/api/operations.ts), typed by the
 * contract: `defineArea({ contract, operations: { login: { choose, answer } }, handle, reset })` makes the
 * `MockArea` the front calls (mocks/area.ts says what each hook does). For an operation's handlers
 *  - `choose` sees the request before Prism validated it: the body's names are the contract's, their values
 *    unknown; it gets the operation's example picker;
 *  - `answer`, `reshape` and `sent` see the body Prism validated, typed as the contract's, and the 2xx answer
 *    parsed as the contract's answer type (`undefined` for an answer without a body; the bytes for one that is not
 *    JSON, a file download), frozen. `answer` and `reshape` give back the answer to send, a new object for a
 *    change (the same one sends the bytes they got unchanged);
 *  - `settled` learns every answer the front sent to the operation, whatever its status, as bytes.
 * What an area does across operations the contract marks (an annotation such as `x-revokes-sessions`) goes to
 * `everyOperation`: the same hooks with the operation's id, untyped request and raw bytes.
 */
import { operationKeys, operationMedia, type OperationId, type Operations } from '../generated/api/operations.ts';
import { examplePickers, json, type AreaRequest, type Choice, type ExamplePicker, type MockArea } from './area.ts';
import type { Contract } from './contract.ts';

type Data<Id extends OperationId> = Operations[Id]['data'];
type Media<Id extends OperationId> = (typeof operationMedia)[Id];

/** The body or the path parameters of an operation without them: nothing to read. */
export type Nothing = Record<never, never>;

/** An operation's request body as Prism validated it: the contract's type (none for a form or a file). */
export type OperationBody<Id extends OperationId> = Media<Id>['body'] extends 'json'
  ? Data<Id> extends { body: infer B }
    ? B
    : Partial<NonNullable<Data<Id>['body']>>
  : Nothing;

/** An operation's request body before validation: the contract's names, values not checked. */
export type UntrustedBody<Id extends OperationId> = { readonly [Name in keyof OperationBody<Id>]?: unknown };

/** An operation's path parameters by name, as the path gives them (text). */
export type PathParams<Id extends OperationId> = [Data<Id>['path']] extends [undefined]
  ? Nothing
  : { readonly [Name in keyof NonNullable<Data<Id>['path']>]-?: string };

type SuccessOf<Responses> = {
  [Status in keyof Responses]: Status extends 200 | 201 | 202 | 204 ? Responses[Status] : never;
}[keyof Responses];

/** An operation's 2xx answer: the contract's JSON type; undefined without a body; the bytes of a file. */
export type OperationAnswer<Id extends OperationId> = Media<Id>['answer'] extends 'json'
  ? SuccessOf<Operations[Id]['responses']>
  : Media<Id>['answer'] extends 'none'
    ? undefined
    : Buffer;

/** A request to an operation once Prism validated it. */
export interface OperationRequest<Id extends OperationId> extends Omit<AreaRequest, 'body' | 'params'> {
  body: OperationBody<Id>;
  params: PathParams<Id>;
}

/** A request to an operation before Prism validated it. */
export interface UntrustedRequest<Id extends OperationId> extends Omit<AreaRequest, 'body' | 'params'> {
  body: UntrustedBody<Id>;
  params: PathParams<Id>;
}

/** What an area does for one operation (every hook optional; see mocks/area.ts). */
export interface OperationHandlers<Id extends OperationId> {
  choose?(request: UntrustedRequest<Id>, examples: ExamplePicker): Choice | undefined;
  answer?(request: OperationRequest<Id>, answer: OperationAnswer<Id>): OperationAnswer<Id>;
  reshape?(request: OperationRequest<Id>, answer: OperationAnswer<Id>): OperationAnswer<Id>;
  sent?(request: OperationRequest<Id>, answer: OperationAnswer<Id>): void;
  settled?(request: UntrustedRequest<Id>, status: number, payload: Buffer): void;
}

/** The handlers of the operations an area serves, by operation id. */
export type OperationTable = { [Id in OperationId]?: OperationHandlers<Id> };

/** What an area does across operations (those an annotation marks): by id, untyped, with raw bytes. */
export interface EveryOperation {
  choose?(id: OperationId, request: AreaRequest): Choice | undefined;
  answer?(id: OperationId, request: AreaRequest, payload: Buffer): Buffer;
  reshape?(id: OperationId, request: AreaRequest, payload: Buffer): Buffer;
  sent?(id: OperationId, request: AreaRequest, payload: Buffer): void;
  settled?(id: OperationId, request: AreaRequest, status: number, payload: Buffer): void;
}

/** An area: its operations' handlers, what it does across operations, and the hooks that are no operation's. */
export interface AreaDefinition extends Pick<MockArea, 'handle' | 'reset' | 'control' | 'stop'> {
  /** The contract whose named examples `choose` picks from (required when an operation has `choose`). */
  contract?: Contract;
  operations?: OperationTable;
  /** Runs after the operation's own handler (for `choose`: when that chose nothing). */
  everyOperation?: EveryOperation;
}

const idsByKey = new Map(Object.entries(operationKeys).map(([id, key]) => [key as string, id as OperationId]));

/** The operation id of a front key (`post /logins` → `login`); undefined for a key the contract lacks. */
export const operationIdOf = (key: string): OperationId | undefined => idsByKey.get(key);

/** `value` frozen all through: a handler gives back a new answer rather than changing the one it got. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const member of Object.values(value)) frozen(member);
    Object.freeze(value);
  }
  return value;
}

/**
 * The answer an operation's handlers see, frozen (undefined when a JSON answer does not parse: the handler is
 * skipped).
 */
function decoded(id: OperationId, payload: Buffer): { value: unknown } | undefined {
  const media = operationMedia[id].answer;
  if (media === 'other') return { value: payload };
  if (media === 'none' && payload.length === 0) return { value: undefined };
  try {
    return { value: frozen(JSON.parse(payload.toString('utf8')) as unknown) };
  } catch {
    return undefined;
  }
}

/** The bytes to send for a handler's answer: Prism's own when the handler gave back what it got. */
function encoded(id: OperationId, given: { value: unknown }, result: unknown, payload: Buffer): Buffer {
  if (result === given.value) return payload;
  if (operationMedia[id].answer === 'other') return result as Buffer;
  return result === undefined ? Buffer.alloc(0) : json(result);
}

// The handlers of one operation with its types erased: the front dispatches by key, at run time.
type AnyHandlers = {
  choose?(request: AreaRequest, examples: ExamplePicker): Choice | undefined;
  answer?(request: AreaRequest, answer: unknown): unknown;
  reshape?(request: AreaRequest, answer: unknown): unknown;
  sent?(request: AreaRequest, answer: unknown): void;
  settled?(request: AreaRequest, status: number, payload: Buffer): void;
};

/** The `MockArea` of an area written as handlers by operation id. */
export function defineArea(definition: AreaDefinition): MockArea {
  const table = (definition.operations ?? {}) as Record<string, AnyHandlers | undefined>;
  const choosing = Object.keys(table).filter((id) => table[id]?.choose);
  if (choosing.length && !definition.contract) {
    throw new Error(`An area choosing examples (${choosing.join(', ')}) is defined with its contract`);
  }
  const examples = definition.contract ? examplePickers(definition.contract) : undefined;
  const every = definition.everyOperation ?? {};
  const handlersOf = (key: string) => {
    const id = operationIdOf(key);
    return id === undefined ? undefined : { id, own: table[id] };
  };
  const rewrite =
    (hook: 'answer' | 'reshape') =>
    (key: string, request: AreaRequest, payload: Buffer): Buffer => {
      const found = handlersOf(key);
      if (!found) return payload;
      const { id, own } = found;
      let result = payload;
      const write = own?.[hook];
      const given = write && decoded(id, result);
      if (write && given) result = encoded(id, given, write.call(own, request, given.value), result);
      return every[hook] ? every[hook](id, request, result) : result;
    };
  const area: MockArea = {
    choose(key, request) {
      const found = handlersOf(key);
      if (!found) return undefined;
      const chosen = found.own?.choose?.(request, examples!(key));
      return chosen ?? every.choose?.(found.id, request);
    },
    answer: rewrite('answer'),
    reshape: rewrite('reshape'),
    sent(key, request, payload) {
      const found = handlersOf(key);
      if (!found) return;
      const given = found.own?.sent && decoded(found.id, payload);
      if (given) found.own!.sent!(request, given.value);
      every.sent?.(found.id, request, payload);
    },
    settled(key, request, status, payload) {
      const found = handlersOf(key);
      if (!found) return;
      found.own?.settled?.(request, status, payload);
      every.settled?.(found.id, request, status, payload);
    },
  };
  const { handle, reset, control, stop } = definition;
  return {
    ...area,
    ...(handle && { handle }),
    ...(reset && { reset }),
    ...(control && { control }),
    ...(stop && { stop }),
  };
}
