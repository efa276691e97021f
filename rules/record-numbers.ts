/**
 * The field of a settings record that holds its own number (the read echoes the record: zone 2 says `zone_no` 2),
 * as the contract's `x-records` names it (codegen/settings-forms.ts writes it into the generated index); the write
 * addresses the record by `member` / `list_id`, so a record whose number field names another record is not its own.
 * The mock's settings store reads it here; the console's forms read the same index (settings-records.ts).
 */
import { settingsFormIndex } from '../generated/settings/index.ts';

const NUMBER_FIELDS = new Map<number, string>(
  settingsFormIndex.flatMap((entry): [number, string][] => (entry.records ? [[entry.group, entry.records.field]] : [])),
);

export const recordNumberField = (group: number): string | undefined => NUMBER_FIELDS.get(group);
