/**
 * The secrets of a programming template: which fields are secret comes from the contract, each settings group's
 * `x-secret-fields` (the Wi-Fi and APN passwords, a panel user's card number). A template is exported without them
 * unless the person chooses to include them; an imported template says which of them it lacks.
 */
import type { JsonObject } from '@generated/settings/types.ts';
import { i18nKeyOf, uiChild } from './schema-walk.ts';
import type { ProgrammingTemplate, TemplateForm, TemplateForms } from './template-file.ts';

/** The secret fields of a group, as its schema names them. */
export function secretFields(form: Pick<TemplateForm, 'schema'> | undefined): string[] {
  const fields = (form?.schema as JsonObject | undefined)?.['x-secret-fields'];
  return Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string') : [];
}

/** The template with every secret field taken out of its records (a new object; the template is not changed). */
export function withoutSecrets(template: ProgrammingTemplate, forms: TemplateForms): ProgrammingTemplate {
  const groups: ProgrammingTemplate['groups'] = {};
  for (const [group, records] of Object.entries(template.groups)) {
    const secret = new Set(secretFields(forms[Number(group)]));
    groups[group] = Object.fromEntries(
      Object.entries(records).map(([record, data]) => [
        record,
        Object.fromEntries(Object.entries(data).filter(([field]) => !secret.has(field))) as JsonObject,
      ]),
    );
  }
  return { ...template, groups };
}

/** A secret field some records of a group lack: its label key and those records' numbers. */
export interface MissingSecret {
  group: number;
  field: string;
  /** The field's label (i18n key), from the group's form. */
  labelKey: string | undefined;
  records: number[];
}

/** The secrets a template lacks, group by group (a record that has the field, even empty, does not lack it). */
export function missingSecrets(template: Pick<ProgrammingTemplate, 'groups'>, forms: TemplateForms): MissingSecret[] {
  const missing: MissingSecret[] = [];
  for (const [groupKey, records] of Object.entries(template.groups)) {
    const group = Number(groupKey);
    const form = forms[group];
    for (const field of secretFields(form)) {
      const lacking = Object.entries(records)
        .filter(([, data]) => !(field in data))
        .map(([record]) => Number(record))
        .sort((a, b) => a - b);
      if (lacking.length > 0) {
        missing.push({ group, field, labelKey: i18nKeyOf(uiChild(form?.uiSchema, field)), records: lacking });
      }
    }
  }
  return missing.sort((a, b) => a.group - b.group);
}
