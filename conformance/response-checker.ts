/** The contract's own response schemas, judging an answer the server sent directly. */
import type { ValidateFunction } from 'ajv';
import type { Contract, Operation } from '../mocks/contract.ts';
import { createContractAjv } from '../tests/contract/contract-loader.ts';
import type { DirectAnswer } from './direct.ts';
import { isObject, resolve } from './requests.ts';
import type { Violation } from './types.ts';

const JSON_MEDIA = /^application\/([\w.+-]+\+)?json$/;
const pointerPart = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Judges an answer the server sent directly by the contract's response schemas (JSON Schema 2020-12, as the
 * contract is written): whether the status is documented, and whether a JSON body matches the schema of its status.
 */
export class ResponseChecker {
  private readonly ajv;
  private readonly compiled = new Map<string, ValidateFunction | undefined>();

  constructor(private readonly contract: Contract) {
    this.ajv = createContractAjv(contract.document);
  }

  /** The statuses the operation documents (`200`, `4XX`, `default`, …). */
  documented(operation: Operation): string[] {
    return Object.keys(isObject(operation.spec.responses) ? operation.spec.responses : {});
  }

  /** The documented response key a status falls under (exact, then `4XX`, then `default`). */
  responseKey(operation: Operation, status: number): string | undefined {
    const keys = this.documented(operation);
    const text = String(status);
    return (
      keys.find((key) => key === text) ??
      keys.find((key) => key === `${text[0]}XX`) ??
      keys.find((key) => key === 'default')
    );
  }

  /** The documented 4xx statuses (exact ones; a `4XX` range counts as every 4xx). */
  isDocumented4xx(operation: Operation, status: number): boolean {
    if (status < 400 || status > 499) return false;
    const key = this.responseKey(operation, status);
    return key !== undefined && key !== 'default';
  }

  /** The answer's violations of the contract: an undocumented status, a media type not documented, a body schema. */
  check(operation: Operation, answer: DirectAnswer): Violation[] {
    const key = this.responseKey(operation, answer.status);
    if (!key) {
      return [
        {
          location: 'response.status',
          message: `status ${answer.status} is not documented (documented: ${this.documented(operation).join(', ')})`,
          severity: 'Error',
        },
      ];
    }
    const response = resolve(this.contract, (operation.spec.responses as Record<string, unknown>)[key]);
    const content = isObject(response) && isObject(response.content) ? response.content : undefined;
    if (!content) return [];
    const mediaType = answer.contentType.split(';')[0]!.trim().toLowerCase();
    if (!(mediaType in content)) {
      return [
        {
          location: 'response.header.content-type',
          message: `media type "${mediaType}" is not documented for status ${key} (documented: ${Object.keys(content).join(', ')})`,
          severity: 'Error',
        },
      ];
    }
    if (!JSON_MEDIA.test(mediaType)) return [];
    if (answer.json === undefined) {
      return [{ location: 'response.body', message: 'the body is not valid JSON', severity: 'Error' }];
    }
    const validate = this.validator(operation, key, mediaType);
    if (!validate || validate(answer.json)) return [];
    return (validate.errors ?? []).map((error) => ({
      location: ['response.body', ...error.instancePath.split('/').filter(Boolean)].join('.'),
      message: `${error.instancePath || 'body'} ${error.message ?? 'is invalid'}${
        error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : ''
      }`,
      severity: 'Error',
      code: error.keyword,
    }));
  }

  private validator(operation: Operation, key: string, mediaType: string): ValidateFunction | undefined {
    const id = `${operation.operationId} ${key} ${mediaType}`;
    if (!this.compiled.has(id)) {
      let schemaRef: string;
      const raw = (operation.spec.responses as Record<string, unknown>)[key];
      if (isObject(raw) && typeof raw.$ref === 'string' && raw.$ref.startsWith('#/')) {
        schemaRef = `contract${raw.$ref}/content/${pointerPart(mediaType)}/schema`;
      } else {
        schemaRef = `contract#/paths/${pointerPart(operation.path)}/${operation.method}/responses/${pointerPart(key)}/content/${pointerPart(mediaType)}/schema`;
      }
      const response = resolve(this.contract, raw);
      const media = isObject(response) && isObject(response.content) ? response.content[mediaType] : undefined;
      this.compiled.set(
        id,
        isObject(media) && media.schema !== undefined ? this.ajv.compile({ $ref: schemaRef }) : undefined,
      );
    }
    return this.compiled.get(id);
  }
}
