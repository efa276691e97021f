/**
 * generated/api/operations.ts: every operation of the bundled contract by its `operationId`, for the mock's typed
 * areas (mocks/typed-area.ts). It holds
 *  - `operationKeys`: each id's key as the mock's front names an operation (`post /logins`);
 *  - `OperationId`, `OperationKey`;
 *  - `operationMedia`: whether each id's request body and 2xx answer are JSON (`json`), absent (`none`) or other
 *    bytes (`other`: a form, a file);
 *  - `Operations`: each id's hey-api types from ./types.gen — `<Pascal>Data` (path, query, body) and
 *    `<Pascal>Responses` (the answers by status).
 * The generation fails when hey-api named a type otherwise (a renamed or missing type would type nothing).
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** One operation of the contract as the map lists it. */
export interface MappedOperation {
  id: string;
  key: string;
  /** The hey-api type names of its request and its answers. */
  data: string;
  responses: string;
  /** Its request body's and its 2xx answers' media. */
  body: Media;
  answer: Media;
}

/** A body's media: JSON, none, or other bytes (a form, a file download). */
export type Media = 'json' | 'none' | 'other';

type Content = { content?: Record<string, unknown> } | undefined;

/** The media of a body given as the contract's content entries (none at all for `undefined`). */
function mediaOf(bodies: Content[]): Media {
  const types = bodies.flatMap((body) => Object.keys(body?.content ?? {}));
  if (types.length === 0) return 'none';
  return types.every((type) => type === 'application/json') ? 'json' : 'other';
}

/** hey-api's type name prefix of an operation id (`login` → `Login`). */
const pascal = (id: string): string => id.charAt(0).toUpperCase() + id.slice(1);

/** Every operation of the bundled contract with its key and its hey-api type names; throws on a missing type. */
export function mappedOperations(
  contract: { paths?: Record<string, unknown> },
  typesSource: string,
): MappedOperation[] {
  const declared = new Set([...typesSource.matchAll(/^export type (\w+) =/gm)].map((match) => match[1]));
  const found: MappedOperation[] = [];
  const missing: string[] = [];
  for (const [path, item] of Object.entries(contract.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (
        item as Record<string, { operationId?: unknown; requestBody?: Content; responses?: Record<string, Content> }>
      )[method];
      if (!operation) continue;
      const id = operation.operationId;
      if (typeof id !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(id)) {
        throw new Error(`${method.toUpperCase()} ${path} has no operationId usable as a name`);
      }
      const answers = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
      const mapped = {
        id,
        key: `${method} ${path}`,
        data: `${pascal(id)}Data`,
        responses: `${pascal(id)}Responses`,
        body: mediaOf(operation.requestBody ? [operation.requestBody] : []),
        answer: mediaOf(answers.map(([, answer]) => answer)),
      };
      for (const name of [mapped.data, mapped.responses]) if (!declared.has(name)) missing.push(`${name} (${id})`);
      found.push(mapped);
    }
  }
  if (missing.length) throw new Error(`generated/api/types.gen.ts lacks the operation types ${missing.join(', ')}`);
  const ids = found.map((operation) => operation.id);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice) throw new Error(`The operationId ${twice} is used twice`);
  return found.sort((a, b) => a.id.localeCompare(b.id));
}

/** The module's text. */
export function mockOperationsModule(header: string, operations: MappedOperation[]): string {
  const types = operations.flatMap((operation) => [operation.data, operation.responses]).sort();
  return [
    header.trimEnd(),
    `import type {\n${types.map((name) => `  ${name},`).join('\n')}\n} from './types.gen';`,
    '',
    "/** Every operation of the contract by its operationId: its key as the mock's front names it (`post /logins`). */",
    'export const operationKeys = {',
    ...operations.map((operation) => `  ${operation.id}: ${JSON.stringify(operation.key)},`),
    '} as const;',
    '',
    'export type OperationId = keyof typeof operationKeys;',
    'export type OperationKey = (typeof operationKeys)[OperationId];',
    '',
    "/** Whether each operation's request body and 2xx answer are JSON, absent, or other bytes (a form, a file). */",
    'export const operationMedia = {',
    ...operations.map(
      (operation) => `  ${operation.id}: { body: '${operation.body}', answer: '${operation.answer}' },`,
    ),
    '} as const;',
    '',
    "/** Each operation's request (`data`: path, query, body) and answers by status (`responses`), hey-api's types. */",
    'export interface Operations {',
    ...operations.map(
      (operation) => `  ${operation.id}: { data: ${operation.data}; responses: ${operation.responses} };`,
    ),
    '}',
    '',
  ].join('\n');
}
