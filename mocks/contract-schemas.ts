/**
 * The contract's schemas as a validator, for the mock's own checks of what Prism never sees (a queued settings write's
 * `write`, a change at a panel's keypad): the bundled contract compiled with the JSON Schema dialect of OpenAPI 3.1
 * (2020-12), formats included, as tests/contract/contract-loader.ts compiles it for the tests. Each schema is compiled
 * the first time it is asked for.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Contract, Operation } from './contract.ts';

/** Checks a value against a schema of the contract: undefined when valid, else why not (ajv's messages). */
export type SchemaCheck = (value: unknown) => string | undefined;

export class ContractSchemas {
  private ajv: Ajv2020 | undefined;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly contract: Contract) {}

  /** The check of the JSON request body of an operation (its `requestBody`'s `application/json` schema). */
  requestBody(operation: Operation): SchemaCheck {
    const path = ['paths', operation.path, operation.method, 'requestBody', 'content', 'application/json', 'schema']
      .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    return this.check(`contract#/${path}`);
  }

  /** The check of a schema of the contract by its JSON pointer (`contract#/components/schemas/ZoneSettingsWrite`). */
  check(ref: string): SchemaCheck {
    return (value) => {
      const validate = this.compiled.get(ref) ?? this.compile(ref);
      if (validate(value)) return undefined;
      return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`).join('; ');
    };
  }

  private compile(ref: string): ValidateFunction {
    if (!this.ajv) {
      this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
      addFormats.default(this.ajv);
      // OpenAPI's own format names: annotations only.
      for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) {
        this.ajv.addFormat(format, true);
      }
      this.ajv.addSchema({ ...this.contract.document, $id: 'contract' });
    }
    const validate = this.ajv.compile({ $ref: ref });
    this.compiled.set(ref, validate);
    return validate;
  }
}
