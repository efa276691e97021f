/**
 * generated/settings/types.ts: the types of the settings form registry, and what a settings write is for (the values
 * of the contract's proposed `audit-action` header).
 */

/** The proposed header of a settings write naming what the write is for the audit log (`components.parameters`). */
export const AUDIT_ACTION_PARAMETER = 'AuditActionHeader';

type JsonRecord = Record<string, unknown>;
const record = (value: unknown): JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : {};

/** The values of the proposed `audit-action` header, as a TypeScript union (from the contract's enum). */
function auditActionUnion(contract: object): string {
  const values = record(record(record(record(contract).components).parameters)[AUDIT_ACTION_PARAMETER]).schema;
  const members = record(values).enum;
  if (!Array.isArray(members) || members.length === 0) {
    throw new Error(`components.parameters.${AUDIT_ACTION_PARAMETER} has no enum`);
  }
  return members.map((value) => JSON.stringify(value)).join(' | ');
}

/** The module of the settings registry's types. */
export function settingsTypesModule(header: string, contract: object): string {
  return `${header}
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** The RJSF validator of one settings form (precompiled by \`npm run gen\`; validates that form's schema only). */
export type SettingsValidator = import('@rjsf/utils').ValidatorType;

export interface SettingsFormEntry {
  /** Settings group number (0 up, one per \`openapi/settings/NN-<slug>.json\`), or -1 for the panel message form. */
  group: number;
  slug: string;
  /** Name of the schema in the contract's components. */
  component: string;
  /** operationId of the write call. */
  setOperation: string | null;
  /** Prefix of the i18n keys of this form's titles and descriptions. */
  i18nPrefix: string | null;
  /** The panel detail's settings tab the form is drawn on (\`x-settings-tab\`); null for the record groups. */
  tab: string | null;
  /**
   * The records of a group of several (\`x-records\`): their kind, the field holding a record's number, whether
   * people count them from one, and their numbers (or the lookup list naming them); null for a group of one record.
   */
  records: {
    kind: string;
    field: string;
    shownFromOne: boolean;
    numbers: number[] | null;
    list: string | null;
  } | null;
  /** Tabs of the form (field lists), when it has them. */
  tabs: JsonValue;
  schema: JsonObject;
  uiSchema: JsonObject;
}

/** The panel's answer to a write: \`Err\` 0 when it stored the settings. */
export interface SettingsWriteAnswer {
  Err: number;
  status?: string;
  message?: string;
}

/** What a write is for, sent as the proposed \`audit-action\` header (the contract's AuditActionHeader). */
export type SettingsWriteAction = ${auditActionUnion(contract)};

/**
 * The write call of a form: the whole request body (envelope and fields), the caller's abort signal, and what the
 * write is for when it is not the form's own save (a template applied).
 */
export type SettingsWrite = (
  body: JsonObject,
  signal?: AbortSignal,
  action?: SettingsWriteAction,
) => Promise<SettingsWriteAnswer>;

/** A settings form with its write call. */
export interface SettingsForm extends SettingsFormEntry {
  write: SettingsWrite;
  /** This form's precompiled validator. */
  validator: SettingsValidator;
}
`;
}
