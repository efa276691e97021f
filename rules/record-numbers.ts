/**
 * The field of a settings record that holds its own number (the read echoes the record: zone 2 says `zone_no` 2);
 * the write addresses the record by `member` / `list_id`, so a record whose number field names another record is not
 * its own. The console's forms and the mock's settings store both read it here.
 */
const NUMBER_FIELDS: Readonly<Record<number, string>> = {
  0: 'zone_no',
  1: 'keypad_no',
  2: 'user_no',
  3: 'cms_no',
  4: 'out_no',
  5: 'alarm_no',
  8: 'id',
  12: 'id',
};

export const recordNumberField = (group: number): string | undefined => NUMBER_FIELDS[group];
