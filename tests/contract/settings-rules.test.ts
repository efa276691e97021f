/**
 * The validation rules of the panel settings (spec 2 §5) and the bounds of spec 2 §9 are in the settings
 * schemas: for every rule one accepted and one rejected value. A rule the spec does not state is loosened to what a
 * panel can report (openapi/README.md, "Loosened to what a panel reports"): its cases accept the panel's values (an
 * empty name, 00000000, no day, an empty address or SSID) and refuse only what no panel holds. Each case starts from the valid full example of
 * its schema (the `examples[0]` of a group file, or a named example of the settings area for the request
 * bodies) and changes one field, so a rejection is caused by that field only.
 * Also: the 22 group files exist with the right group number, slug, write operation and form annotations.
 */
import { describe, expect, it } from 'vitest';
// The package (v15) declares only a `module` entry, which Node's resolver ignores: import its entry file.
import $RefParser from '@apidevtools/json-schema-ref-parser/dist/lib/index.js';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { settingsGroupNumbers } from './contract-loader.ts';

type JsonObject = { [key: string]: unknown };
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OPENAPI = path.join(ROOT, 'openapi');
const SETTINGS = path.join(OPENAPI, 'settings');

/** Slugs of the settings groups, in group order (openapi/settings/NN-<slug>.json). */
const SLUGS = [
  'zone',
  'keypad',
  'panel-user',
  'cms',
  'output',
  'alarm',
  'partition',
  'sia-event',
  'automation',
  'gsm',
  'network',
  'stationary',
  'timed-arm',
  'remote-server',
  'ntp',
  'keypad-general',
  'panel-general',
  'general-cms',
  'sms',
  'dns',
  'domains',
  'wifi',
] as const;
type Slug = (typeof SLUGS)[number];
const groupKey = (n: number): string => `${String(n).padStart(2, '0')}-${SLUGS[n]!}`;
const groupFile = (n: number): string => path.join(SETTINGS, `${groupKey(n)}.json`);

// ajv-formats is CommonJS: its default import is the plugin or a namespace holding it, depending on the loader.
type FormatsPlugin = typeof addFormatsModule;
const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

const readYaml = (file: string): JsonObject => {
  const value: unknown = parse(readFileSync(path.join(OPENAPI, file), 'utf8'));
  if (!isObject(value)) throw new Error(`${file} is not a map`);
  return value;
};
const readJson = (file: string): JsonObject => {
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isObject(value)) throw new Error(`${file} is not an object`);
  return value;
};

// ------------------------------------------------------------------ schemas and their base examples
const rawGroups = new Map<number, JsonObject>();
const validators = new Map<string, ValidateFunction>();
const bases = new Map<string, JsonObject>();

const examplesFile = readYaml('examples/settings.yaml');
const exampleValue = (key: string): JsonObject => {
  const example = examplesFile[key];
  if (!isObject(example) || !isObject(example.value)) throw new Error(`examples/settings.yaml has no example ${key}`);
  return example.value;
};

for (let n = 0; n < SLUGS.length; n += 1) {
  if (!existsSync(groupFile(n))) continue; // reported by the file test below
  const raw = readJson(groupFile(n));
  rawGroups.set(n, raw);
  const schema = await $RefParser.dereference<JsonObject>(groupFile(n));
  validators.set(groupKey(n), ajv.compile(schema));
  const example = Array.isArray(raw.examples) ? raw.examples[0] : undefined;
  if (isObject(example)) bases.set(groupKey(n), example);
}
{
  const file = path.join(SETTINGS, 'panel-message.json');
  const raw = readJson(file);
  validators.set('panel-message', ajv.compile(await $RefParser.dereference<JsonObject>(file)));
  const example = Array.isArray(raw.examples) ? raw.examples[0] : undefined;
  if (isObject(example)) bases.set('panel-message', example);
}
const components = await $RefParser.dereference<JsonObject>(path.join(OPENAPI, 'components', 'settings.yaml'));
/** Request-body schemas of the settings area, each with the named example the cases start from. */
const COMPONENT_BASES: Record<string, string> = {
  ZoneSettingsWrite: 'write-0-giris-kapisi',
  KeypadSettingsWrite: 'write-1-giris',
  CmsSettingsWrite: 'write-3-centre-1-ip',
  TimedArmSettingsWrite: 'write-12-timed-arm',
  DomainsSettingsWrite: 'write-20-domains',
  SettingsReadRequest: 'read-event-log',
  PanelMessageWrite: 'message-default',
  ChangePanelUserPass: 'change-pass',
  DeletePanelUser: 'delete-ahmet',
};
for (const [name, exampleKey] of Object.entries(COMPONENT_BASES)) {
  const schema = components[name];
  if (!isObject(schema)) throw new Error(`components/settings.yaml has no ${name}`);
  validators.set(name, ajv.compile(schema));
  bases.set(name, exampleValue(exampleKey));
}

// ------------------------------------------------------------------ the rule table
const REMOVE = Symbol('remove the field');
type Value = unknown;

interface RuleCase {
  /** The rule, as spec 2 §5 / §9 states it. */
  rule: string;
  /** A group key (`00-zone`), `panel-message` or a request-body component name. */
  schema: string;
  /** Dotted path of the field changed. */
  field: string;
  ok: Value;
  bad: Value;
  /** Changes applied to the base example first (for conditional rules). */
  base?: Record<string, Value>;
  /** Field the rejection is reported on, when the changed field is the condition of another field's rule. */
  errorField?: string;
}

const g = (slug: Slug): string => groupKey(SLUGS.indexOf(slug));
const rule = (
  text: string,
  schema: string,
  field: string,
  ok: Value,
  bad: Value,
  base?: Record<string, Value>,
  errorField?: string,
): RuleCase => ({
  rule: text,
  schema,
  field,
  ok,
  bad,
  ...(base ? { base } : {}),
  ...(errorField ? { errorField } : {}),
});
const noDays = {
  monday: false,
  tuesday: false,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: false,
  sunday: false,
};
const sundayOnly = { ...noDays, sunday: true };

const nameRules: RuleCase[] = [
  rule('zone name: letters, digits and spaces only', g('zone'), 'name', 'Giris Kapisi 2', 'Giriş Kapısı'),
  rule('zone name: may be empty (the spec restricts the characters only)', g('zone'), 'name', '', 'Giris_Kapisi'),
  rule('keypad name: may be empty', g('keypad'), 'name', '', '-'),
  rule('panel user name: may be empty', g('panel-user'), 'uname', '', '?'),
  rule('output name: may be empty', g('output'), 'name', '', '.'),
  rule('timed arm/disarm description: may be empty', g('timed-arm'), 'description', '', ','),
  rule('panel general description: may be empty', g('panel-general'), 'description', '', 'ş'),
  rule('keypad name: letters, digits and spaces only', g('keypad'), 'name', 'Kat 1', 'Kat/1'),
  rule('panel user name: letters, digits and spaces only', g('panel-user'), 'uname', 'Zeynep K', 'Zeynep.K'),
  rule('output name: letters, digits and spaces only', g('output'), 'name', 'Bahce Isigi', 'Bahce-Isigi'),
  rule(
    'timed arm/disarm description: letters, digits and spaces only',
    g('timed-arm'),
    'description',
    'Gece kurma 2',
    'Gece kurma!',
  ),
  rule(
    'panel general description: letters, digits and spaces only',
    g('panel-general'),
    'description',
    'Merkez Ofis 1',
    'Merkez Ofis #1',
  ),
];

const SIA_CODES = [
  'event_code',
  'restore_code',
  'cancel_code',
  'trb_event_code',
  'trb_restore_code',
  'bypass_code',
  'bypass_cancel_code',
];
const siaRules: RuleCase[] = SIA_CODES.flatMap((field, i) => [
  rule(`SIA ${field}: exactly 2 characters (not 1)`, g('sia-event'), field, 'ZZ', i % 2 ? 'Z' : ''),
  rule(`SIA ${field}: exactly 2 characters (not 3)`, g('sia-event'), field, 'B1', 'BAR'),
]);
const SIA_ACTIONS = [
  'on_event',
  'on_restore',
  'on_cancel',
  'on_trouble_event',
  'on_trouble_restore',
  'on_bypass',
  'on_bypass_cancel',
];
const siaActionRules: RuleCase[] = SIA_ACTIONS.flatMap((action) => [
  rule(`SIA ${action}: channel flags are booleans`, g('sia-event'), `${action}.send_sms`, true, 'yes'),
  rule(`SIA ${action}: every channel flag present`, g('sia-event'), `${action}.log_write`, false, REMOVE),
]);

const networkRules: RuleCase[] = [
  rule('remote server: IPv4 when not using a domain', g('remote-server'), 'ip', '10.0.0.1', 'remote.example.com'),
  rule('remote server: IPv4 groups have 1-3 digits', g('remote-server'), 'ip', '1.22.255.0', '1234.1.1.1'),
  rule('remote server: IPv4 has four groups', g('remote-server'), 'ip', '192.168.1.1', '192.168.1'),
  rule(
    'remote server: any ip when using a domain (use_domain true accepts a host name, false refuses it)',
    g('remote-server'),
    'use_domain',
    true,
    false,
    { ip: 'remote.example.com' },
    'ip',
  ),
  rule(
    'remote server: without use_domain the IPv4 rule applies',
    g('remote-server'),
    'use_domain',
    true,
    REMOVE,
    { ip: '' },
    'ip',
  ),
  rule('CMS: ip is an IPv4 address', g('cms'), 'ip', '10.1.2.3', '185.12.64'),
  rule('CMS: ip may be empty without the domain name (no rule by analogy)', g('cms'), 'ip', '', '185.12.64.', {
    use_domainname: false,
  }),
  rule('CMS: ip is an address or empty with the domain name too', g('cms'), 'ip', '', 'izleme2.example.com', {
    use_domainname: true,
    url: 'izleme2.example.com',
  }),
  rule('CMS: the domain name may be left out when using it', g('cms'), 'url', REMOVE, 'x'.repeat(254), {
    use_domainname: true,
    ip: '',
  }),
  rule('CMS: the domain name may be empty when using it', g('cms'), 'url', '', 42, { use_domainname: true, ip: '' }),
  rule('CMS: the domain name is text of at most 253 characters', g('cms'), 'url', 'x'.repeat(253), 'x'.repeat(254)),
  rule('network ip is IPv4', g('network'), 'ip', '10.0.0.2', '10.0.0.a'),
  rule('network ip may be empty', g('network'), 'ip', '', '10.0.0'),
  rule('network gateway is IPv4', g('network'), 'gateway', '10.0.0.1', '10.0.0.1.1'),
  rule('network mask is IPv4', g('network'), 'mask', '255.255.0.0', '255.255.0'),
  rule('DNS 1 is IPv4', g('dns'), 'dns1', '9.9.9.9', 'dns.google'),
  rule('DNS 2 is IPv4', g('dns'), 'dns2', '1.0.0.1', '1.0.0.'),
  rule('DNS 1 may be empty', g('dns'), 'dns1', '', ' '),
  rule(
    'domain of monitoring centre 1: any text, no host-name format',
    g('domains'),
    'domain_ahm1',
    'izleme_4..example',
    'x'.repeat(254),
  ),
  rule(
    'domain of monitoring centre 2: at most 253 characters',
    g('domains'),
    'domain_ahm2',
    'x'.repeat(253),
    'x'.repeat(254),
  ),
  rule('domain of the remote server may be empty', g('domains'), 'domain_rmt', '', 7),
  rule('remote server port is an integer 0-65535', g('remote-server'), 'port', 65535, 65536),
  rule('CMS port is an integer', g('cms'), 'port', 5002, '5002'),
  rule('wifi SSID may be empty (no wireless network joined)', g('wifi'), 'ssid', '', 42),
  rule('wifi SSID is at most 32 characters', g('wifi'), 'ssid', 'A'.repeat(32), 'A'.repeat(33)),
];

const messageRules: RuleCase[] = [
  rule('message period at least 60', 'panel-message', 'period', 60, 59),
  rule('message period is an integer', 'panel-message', 'period', 61, 60.5),
  rule('message period required', 'panel-message', 'period', 90, REMOVE),
  rule('message screen time (duration) at least 10', 'panel-message', 'duration', 10, 9),
  rule('message duration is an integer', 'panel-message', 'duration', 11, '11'),
  rule('message duration required', 'panel-message', 'duration', 30, REMOVE),
  rule('message repeat count is an integer', 'panel-message', 'count', 1, 2.5),
  rule('message count is optional', 'panel-message', 'count', REMOVE, -1),
  rule('message sound 128 accepted, other values refused', 'panel-message', 'sound', 128, 100),
  rule('message sound 42 accepted, other values refused', 'panel-message', 'sound', 42, 0),
  rule('message sound 255 accepted, other values refused', 'panel-message', 'sound', 255, 256),
  rule('message sound required', 'panel-message', 'sound', 255, REMOVE),
  rule('message text required', 'panel-message', 'message', 'Merhaba', REMOVE),
  rule('message text not empty', 'panel-message', 'message', 'M', ''),
  rule('message dev_id required', 'panel-message', 'dev_id', 864215040012345, REMOVE),
  rule('message body (PanelMessageWrite) keeps the period rule', 'PanelMessageWrite', 'period', 60, 30),
];

const integerRules: RuleCase[] = [
  rule('zone reaction time is an integer', g('zone'), 'act_time', 250, 2.5),
  rule('zone parameter is an integer', g('zone'), 'zone_prm', 3, '3'),
  rule('zone cross zone is an integer', g('zone'), 'Cross_Zone_No', 4, 4.5),
  rule('zone wireless id is an integer', g('zone'), 'Wireless_ID', 1024, '1024'),
  rule('zone behaviour code is an integer', g('zone'), 'behaviour', 2, 'PIR'),
  rule('zone connection type code is an integer', g('zone'), 'el_registor', 2, 1.5),
  rule('zone type code is an integer', g('zone'), 'zone_type', 2, null),
  rule('output parameter 1 is an integer', g('output'), 'prm1', 5, 5.5),
  rule('output parameter 2 is an integer', g('output'), 'prm2', 10, '10'),
  rule('output function code is an integer', g('output'), 'aim', 2, 'siren'),
  rule('panel user phone is digits (integer)', g('panel-user'), 'phone', '05321110003', '0532 111 00 03'),
  rule('panel user card number is digits (integer)', g('panel-user'), 'card_id', '0012345', '12AB'),
  rule('keypad output number is an integer', g('keypad'), 'out_no', 1, 1.5),
  rule('alarm warning time is an integer', g('alarm'), 'timeout', 120, 120.5),
  rule('alarm code is an integer', g('alarm'), 'alarm_no', 2, '2'),
  rule('remote server port is an integer', g('remote-server'), 'port', 7002, 7002.5),
  rule('remote server ping period is an integer', g('remote-server'), 'ping_period', 60, '60'),
  rule('keypad count is an integer', g('keypad-general'), 'keypad_count', 4, 2.5),
  rule('keypad count at most 4 keypads', g('keypad-general'), 'keypad_count', 4, 5),
  rule('minimum password length is an integer', g('panel-general'), 'min_pass_len', 5, 4.5),
  rule('minimum password length may be 0 (the panel sets the bounds)', g('panel-general'), 'min_pass_len', 0, -1),
  rule('maximum password length is an integer', g('panel-general'), 'max_pass_len', 8, '8'),
  rule('CMS receiver number is an integer', g('cms'), 'rec_no', 3, 3.5),
  rule('CMS ping period is an integer', g('cms'), 'ping_period', 90, '90'),
  rule('entry delay is an integer', g('partition'), 'entry_delay_time', 20, 20.5),
  rule('exit delay is an integer', g('partition'), 'exit_delay_time', 60, '60'),
  rule('re-alarm period is an integer', g('partition'), 're_alarm_period', 2, 2.5),
  rule('double password time is an integer', g('partition'), 'double_password_time', 10, '10'),
  rule('general CMS connection timeout is an integer', g('general-cms'), 'con_timemout', 45, 45.5),
  rule('general CMS power delay is an integer', g('general-cms'), 'power_delay', 5, '5'),
  rule('GSM invoice day is an integer', g('gsm'), 'invoice_day', 1, 1.5),
  rule('GSM invoice day may be 0 (no day set) or above 31', g('gsm'), 'invoice_day', 0, -1),
  rule('GSM invoice day has no upper bound of the contract', g('gsm'), 'invoice_day', 32, '32'),
  rule('NTP refresh period is an integer', g('ntp'), 'refresh_period', 30, '30'),
  rule('NTP time zone is an integer', g('ntp'), 'time_zone', -5, 3.5),
  rule('NTP time zone: any integer (no -12 to 14 of the contract)', g('ntp'), 'time_zone', -720, '3'),
  rule('NTP time zone: above 14 too', g('ntp'), 'time_zone', 180, 1.5),
  rule('stationary program code is an integer', g('stationary'), 'aim', 1, 1.5),
  rule('timed arm/disarm action code is an integer', g('timed-arm'), 'aim', 2, '2'),
];

const keypadFlagRules: RuleCase[] = [
  rule('zone entry chime keypads: four pairs of 11 or 00', g('zone'), 'entry_chime_keypad', '00110000', '10110000'),
  rule('zone exit chime keypads: 8 characters', g('zone'), 'exit_chime_keypad', '11111111', '1111000'),
  rule('zone keypad light: 8 characters, not more', g('zone'), 'light_keypad', '00000011', '111100001'),
  rule('zone notification keypads: no keypad (00000000) is a selection', g('zone'), 'warn_keypad', '00000000', '0'),
  rule('zone entry chime keypads: no keypad is a selection', g('zone'), 'entry_chime_keypad', '00000000', ''),
  rule('zone exit chime keypads: no keypad is a selection', g('zone'), 'exit_chime_keypad', '00000000', '000000000'),
  rule('zone keypad light: no keypad is a selection', g('zone'), 'light_keypad', '00000000', '0000 000'),
  rule('zone entry chime keypads required', g('zone'), 'entry_chime_keypad', '11000000', REMOVE),
  rule('zone exit chime keypads required', g('zone'), 'exit_chime_keypad', '11000000', REMOVE),
  rule('zone keypad light required', g('zone'), 'light_keypad', '11000000', REMOVE),
  rule('zone notification keypads required', g('zone'), 'warn_keypad', '11000000', REMOVE),
  rule('panel user keypads: four pairs of 11 or 00', g('panel-user'), 'keypad', '00000011', '12000000'),
  rule('panel user keypads: no keypad (00000000) is a selection', g('panel-user'), 'keypad', '00000000', '00000001'),
  rule('panel user keypads required', g('panel-user'), 'keypad', '11000000', REMOVE),
];

const keypadRules: RuleCase[] = [
  rule('keypad light level at least 0', g('keypad'), 'light_level', 0, -1),
  rule('keypad light level at most 10', g('keypad'), 'light_level', 10, 11),
  rule('keypad light level is an integer', g('keypad'), 'light_level', 5, 5.5),
  rule('keypad type 0 input or 1 output', g('keypad'), 'keypad_type', 1, 2),
  rule('keypad role 0 or 1', g('keypad'), 'roll', 1, 2),
  rule('keypad number 0-3 (keypads 1-4)', g('keypad'), 'keypad_no', 3, 4),
  rule('keypad output number 0-9 (outputs 1-10)', g('keypad'), 'out_no', 9, 10),
  rule('keypad beep flags are booleans', g('keypad'), 'key_beep', false, 0),
];

const dayRules: RuleCase[] = [
  rule('panel user allowed days: no day chosen is a value', g('panel-user'), 'days', noDays, { ...noDays, monday: 1 }),
  rule('panel user allowed days: one day', g('panel-user'), 'days', sundayOnly, { ...sundayOnly, friday: 'no' }),
  rule('panel user allowed days required', g('panel-user'), 'days', sundayOnly, REMOVE),
  rule('panel user days are booleans', g('panel-user'), 'days.monday', false, 'yes'),
  rule('panel user days: all seven present', g('panel-user'), 'days.sunday', true, REMOVE),
  rule('timed arm/disarm days: no day chosen is a value', g('timed-arm'), 'days', noDays, { ...noDays, monday: 0 }),
  rule('timed arm/disarm days required', g('timed-arm'), 'days', sundayOnly, REMOVE),
  rule('stationary days: no day chosen is a value', g('stationary'), 'days', noDays, { monday: false }),
  rule('stationary days required', g('stationary'), 'days', sundayOnly, REMOVE),
  rule('automation days are optional and may be all off', g('automation'), 'days', noDays, { ...noDays, monday: 1 }),
  rule('automation days may be left out', g('automation'), 'days', REMOVE, 'monday'),
];

const TIMES: [Slug, string][] = [
  ['panel-user', 'start_time'],
  ['panel-user', 'end_time'],
  ['automation', 'starttime'],
  ['automation', 'duration'],
  ['stationary', 'time'],
  ['timed-arm', 'time'],
  ['general-cms', 'test_time'],
];
const timeRules: RuleCase[] = TIMES.flatMap(([slug, field]) => [
  rule(`${slug} ${field}: hour 0-23`, g(slug), `${field}.hour`, 23, 24),
  rule(`${slug} ${field}: hour not negative`, g(slug), `${field}.hour`, 0, -1),
  rule(`${slug} ${field}: minute 0-59`, g(slug), `${field}.minute`, 59, 60),
  rule(`${slug} ${field}: minute is an integer`, g(slug), `${field}.minute`, 15, 15.5),
  rule(`${slug} ${field}: hour and minute both present`, g(slug), `${field}.minute`, 0, REMOVE),
]);

const programRules: RuleCase[] = [
  rule('automation program 0-7', g('automation'), 'id', 7, 8),
  rule('automation program not negative', g('automation'), 'id', 0, -1),
  rule('timed arm/disarm program 0-7', g('timed-arm'), 'id', 7, 8),
  rule('timed arm/disarm program not negative', g('timed-arm'), 'id', 0, -1),
  rule('automation action 0-6 (6 thermostat)', g('automation'), 'aim', 6, 7),
  rule('automation action 0-6 (0 disabled)', g('automation'), 'aim', 0, -1),
  rule('automation action is an integer', g('automation'), 'aim', 3, 3.5),
  rule('general CMS test period option 0-7', g('general-cms'), 'test_period', 7, 8),
  rule('general CMS test period not negative', g('general-cms'), 'test_period', 0, -1),
];

const enumRules: RuleCase[] = [
  rule('panel language 0 Turkish or 1 English', g('panel-general'), 'lang', 1, 2),
  rule('panel language required', g('panel-general'), 'lang', 0, REMOVE),
  rule('zone contact type 0 NO or 1 NC', g('zone'), 'no_nc', 0, 2),
  rule('CMS member 0 or 1 (two monitoring centres)', g('cms'), 'cms_no', 1, 2),
  rule('zone number 0-18 (zones 1-19)', g('zone'), 'zone_no', 18, 19),
  rule('output number 0-9 (outputs 1-10)', g('output'), 'out_no', 9, 10),
  rule('panel user number 0-19 (0 installer, users 1-19)', g('panel-user'), 'user_no', 19, 20),
  rule('panel user number not negative', g('panel-user'), 'user_no', 0, -1),
  rule('installer authority is a boolean', g('panel-user'), 'auth.installer', true, 'true'),
  rule('alarm warnings are booleans', g('alarm'), 'alarm_events.siren', false, 'off'),
  rule('arming options are booleans', g('partition'), 'part_futures.quickarm', true, 1),
  rule('general CMS options are booleans', g('general-cms'), 'options.add_time', false, 'no'),
  rule('SMS flags are booleans', g('sms'), 'sms_control_enabled', true, 'on'),
];

const requiredRules: RuleCase[] = [
  rule('zone behaviour required', g('zone'), 'behaviour', 1, REMOVE),
  rule('zone connection type required', g('zone'), 'el_registor', 1, REMOVE),
  rule('zone type required', g('zone'), 'zone_type', 1, REMOVE),
  rule('output function required', g('output'), 'aim', 1, REMOVE),
  rule('timed arm/disarm action required', g('timed-arm'), 'aim', 1, REMOVE),
  rule('stationary program required', g('stationary'), 'aim', 1, REMOVE),
  rule('zone name optional (not a required field)', g('zone'), 'name', REMOVE, 'Kapı'),
];

const envelopeRules: RuleCase[] = [
  rule('zone write: command SET', 'ZoneSettingsWrite', 'command', 'SET', 'GET'),
  rule('zone write: group 0', 'ZoneSettingsWrite', 'group', 0, 1),
  rule('zone write: member is the zone number 0-18', 'ZoneSettingsWrite', 'member', 18, 19),
  rule('zone write: user_pass required', 'ZoneSettingsWrite', 'user_pass', '1234', REMOVE),
  rule('zone write: dev_id required', 'ZoneSettingsWrite', 'dev_id', 864215040012345, REMOVE),
  rule('zone write keeps the zone rules', 'ZoneSettingsWrite', 'behaviour', 2, REMOVE),
  rule('keypad write: list_id is the keypad number 0-3', 'KeypadSettingsWrite', 'list_id', 3, 4),
  rule('keypad write: member 0', 'KeypadSettingsWrite', 'member', 0, 1),
  rule('CMS write: member 0 or 1', 'CmsSettingsWrite', 'member', 1, 2),
  rule('timed arm write: member is the program 0-7', 'TimedArmSettingsWrite', 'member', 7, 8),
  rule('domains write: group 20', 'DomainsSettingsWrite', 'group', 20, 19),
  rule('read: command GET, USER or EVENT', 'SettingsReadRequest', 'command', 'USER', 'SET'),
  rule('read: group 0-21', 'SettingsReadRequest', 'group', 21, 22),
  rule('read: EVENT needs event_start_pos', 'SettingsReadRequest', 'event_start_pos', 1, REMOVE),
  rule('read: event_start_pos starts at 1', 'SettingsReadRequest', 'event_start_pos', 1, 0),
  rule('read: EVENT reads at most 10 events', 'SettingsReadRequest', 'event_count', 10, 11),
  rule('read: command is one of the settings commands', 'SettingsReadRequest', 'command', 'GET', 'PUT'),
  rule('password change: command PWCHG', 'ChangePanelUserPass', 'command', 'PWCHG', 'SET'),
  rule('password change: new password required', 'ChangePanelUserPass', 'new_pass', '2468', REMOVE),
  rule('delete user: command DELETEUSER', 'DeletePanelUser', 'command', 'DELETEUSER', 'DELETE'),
  rule('delete user: member is the user number plus one, 1-20', 'DeletePanelUser', 'member', 20, 21),
  rule('delete user: member at least 1', 'DeletePanelUser', 'member', 1, 0),
];

const TABLES: Record<string, RuleCase[]> = {
  names: nameRules,
  'SIA codes': siaRules,
  'SIA event channels': siaActionRules,
  'network values': networkRules,
  'panel message': messageRules,
  integers: integerRules,
  'keypad flags': keypadFlagRules,
  keypad: keypadRules,
  days: dayRules,
  'hour and minute': timeRules,
  'programs and periods': programRules,
  enumerations: enumRules,
  'required fields': requiredRules,
  'settings envelope': envelopeRules,
};

// ------------------------------------------------------------------ running a case
const setAt = (target: JsonObject, dotted: string, value: Value): void => {
  const parts = dotted.split('.');
  let node: JsonObject = target;
  for (const key of parts.slice(0, -1)) {
    const next = node[key];
    if (!isObject(next)) throw new Error(`${dotted}: ${key} is not an object in the base example`);
    node = next;
  }
  const last = parts[parts.length - 1]!;
  if (value === REMOVE) delete node[last];
  else node[last] = value;
};

const baseExample = (schema: string): JsonObject => {
  const base = bases.get(schema);
  if (!base) throw new Error(`no base example for ${schema}`);
  return structuredClone(base);
};

/** The base example with the case's preparatory changes and the field set to `value`. */
const variant = (c: RuleCase, value: Value): JsonObject => {
  const copy = baseExample(c.schema);
  for (const [field, v] of Object.entries(c.base ?? {})) setAt(copy, field, v);
  setAt(copy, c.field, value);
  return copy;
};

const validate = (schema: string, value: unknown): { ok: boolean; errors: ErrorObject[] } => {
  const fn = validators.get(schema);
  if (!fn) throw new Error(`no schema ${schema}`);
  const ok = fn(value);
  return { ok, errors: fn.errors ? [...fn.errors] : [] };
};

const describeErrors = (errors: ErrorObject[]): string =>
  errors.map((e) => `${e.instancePath || '/'} ${e.keyword} ${e.message ?? ''}`).join('; ');

/** True when an error is about the field: at or under its path, or its parent missing it. */
const concernsField = (error: ErrorObject, dotted: string): boolean => {
  const pointer = `/${dotted.split('.').join('/')}`;
  if (error.instancePath === pointer || error.instancePath.startsWith(`${pointer}/`)) return true;
  const parts = dotted.split('.');
  const parent = parts.length > 1 ? `/${parts.slice(0, -1).join('/')}` : '';
  const missing: unknown = (error.params as { missingProperty?: unknown }).missingProperty;
  return error.instancePath === parent && missing === parts[parts.length - 1];
};

describe('settings rules (spec 2 §5 and §9)', () => {
  for (const [table, cases] of Object.entries(TABLES)) {
    describe(table, () => {
      it.each(cases.map((c) => [`${c.rule} [${c.schema} ${c.field}]`, c] as const))('%s', (_label, c) => {
        // The accepted and the rejected value differ in this one field only.
        const start = validate(c.schema, baseExample(c.schema));
        expect(start.ok, `base example of ${c.schema} is invalid: ${describeErrors(start.errors)}`).toBe(true);

        const accepted = validate(c.schema, variant(c, c.ok));
        expect(accepted.ok, `accepted value ${String(c.ok)} was refused: ${describeErrors(accepted.errors)}`).toBe(
          true,
        );

        const rejected = validate(c.schema, variant(c, c.bad));
        expect(rejected.ok, `rejected value ${String(c.bad)} was accepted`).toBe(false);
        expect(
          rejected.errors.some((e) => concernsField(e, c.errorField ?? c.field)),
          `errors do not concern ${c.errorField ?? c.field}: ${describeErrors(rejected.errors)}`,
        ).toBe(true);
      });
    });
  }
});

// ------------------------------------------------------------------ files and annotations
const pathsFile = readYaml('paths/settings.yaml');
const operationIds = new Map<string, string>();
for (const [key, item] of Object.entries(pathsFile)) {
  if (!isObject(item)) continue;
  for (const method of ['get', 'post', 'put', 'delete']) {
    const op = item[method];
    if (isObject(op) && typeof op.operationId === 'string') operationIds.set(op.operationId, key);
  }
}

/** Every property (and every property of an inline object) with its dotted name. */
const walkProperties = (schema: JsonObject, prefix = ''): [string, JsonObject][] => {
  const out: [string, JsonObject][] = [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [name, raw] of Object.entries(properties)) {
    if (!isObject(raw)) continue;
    const dotted = prefix ? `${prefix}.${name}` : name;
    out.push([dotted, raw]);
    if (raw.type === 'object') out.push(...walkProperties(raw, dotted));
  }
  return out;
};

const WIDGETS = [
  'text',
  'password',
  'integer',
  'slider',
  'switch',
  'checkbox',
  'radio',
  'select',
  'keypadFlags',
  'days',
  'time',
  'ipv4',
];
/** operationIds of the lookup lists (paths/lookups.yaml): the values x-ui-lookup may name. */
const LOOKUPS = existsSync(path.join(OPENAPI, 'paths', 'lookups.yaml'))
  ? Object.values(readYaml('paths/lookups.yaml')).flatMap((item) =>
      isObject(item) && isObject(item.get) && typeof item.get.operationId === 'string' ? [item.get.operationId] : [],
    )
  : [];

describe('settings group files', () => {
  it.each(SLUGS.map((slug, n) => [groupKey(n), n, slug] as const))('%s exists and is group %i', (_key, n, slug) => {
    expect(existsSync(groupFile(n)), `${groupFile(n)} is missing`).toBe(true);
    const raw = rawGroups.get(n)!;
    expect(raw.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(raw.$id).toBeUndefined();
    expect(raw['x-settings-group']).toBe(n);
    expect(raw['x-i18n-prefix']).toBe(`settings.${slug}`);
    expect(typeof raw.title).toBe('string');
    expect(typeof raw.description).toBe('string');
    expect(Array.isArray(raw.required)).toBe(true);
    const setOperation = raw['x-set-operation'];
    expect(typeof setOperation).toBe('string');
    expect(operationIds.has(String(setOperation)), `no operation ${String(setOperation)} in paths/settings.yaml`).toBe(
      true,
    );
  });

  it('has exactly the groups of SLUGS, one file each, plus common.json and panel-message.json', () => {
    expect(rawGroups.size).toBe(SLUGS.length);
    expect(settingsGroupNumbers()).toEqual([...SLUGS.keys()]);
    expect(existsSync(path.join(SETTINGS, 'common.json'))).toBe(true);
    expect(existsSync(path.join(SETTINGS, 'panel-message.json'))).toBe(true);
  });

  it('gives every shared definition a title and a description', () => {
    const common = readJson(path.join(SETTINGS, 'common.json'));
    const defs = isObject(common.$defs) ? common.$defs : {};
    for (const [name, def] of Object.entries(defs)) {
      expect(isObject(def) && typeof def.title === 'string' && typeof def.description === 'string', name).toBe(true);
    }
  });

  const annotated: [string, number | 'message', JsonObject][] = [
    ...[...Array(SLUGS.length).keys()].map((n): [string, number, JsonObject] => [
      groupKey(n),
      n,
      rawGroups.get(n) ?? {},
    ]),
    ['panel-message', 'message', readJson(path.join(SETTINGS, 'panel-message.json'))],
  ];
  it.each(annotated)('%s annotates every property for the form renderer', (_key, n, raw) => {
    const prefix = String(raw['x-i18n-prefix']);
    expect(prefix).toBe(n === 'message' ? 'settings.message' : `settings.${SLUGS[n]!}`);
    for (const [dotted, property] of walkProperties(raw)) {
      expect(typeof property.title, `${dotted} title`).toBe('string');
      expect(typeof property.description, `${dotted} description`).toBe('string');
      expect(property['x-i18n-key'], `${dotted} i18n key`).toBe(`${prefix}.${dotted}`);
      if (property['x-ui-widget'] !== undefined) expect(WIDGETS, `${dotted} widget`).toContain(property['x-ui-widget']);
      if (property['x-ui-lookup'] !== undefined) expect(LOOKUPS, `${dotted} lookup`).toContain(property['x-ui-lookup']);
    }
    const properties = isObject(raw.properties) ? Object.keys(raw.properties) : [];
    const order = raw['x-ui-order'];
    expect(Array.isArray(order)).toBe(true);
    for (const field of order as unknown[]) expect(properties).toContain(field);
    const required = Array.isArray(raw.required) ? raw.required : [];
    for (const field of required) expect(properties).toContain(field);
  });

  it.each([
    ['00-zone', ['zone', 'keypad', 'other']],
    ['02-panel-user', ['user', 'authorities', 'days']],
  ] as const)('%s has its three form tabs covering the form fields', (key, tabKeys) => {
    const raw = rawGroups.get(Number(key.slice(0, 2)))!;
    const tabs = raw['x-ui-tabs'];
    expect(Array.isArray(tabs)).toBe(true);
    const list = (tabs as unknown[]).filter(isObject);
    expect(list.map((tab) => tab.key)).toEqual([...tabKeys]);
    const fields = list.flatMap((tab) => (Array.isArray(tab.fields) ? tab.fields : []));
    expect([...fields].sort()).toEqual([...(raw['x-ui-order'] as string[])].sort());
  });

  it('sets the message defaults of spec 2 §9 (period 60, duration 60, count 5, sound 255)', () => {
    const raw = readJson(path.join(SETTINGS, 'panel-message.json'));
    const props = raw.properties as Record<string, JsonObject>;
    expect(props.period?.default).toBe(60);
    expect(props.duration?.default).toBe(60);
    expect(props.count?.default).toBe(5);
    expect(props.sound?.default).toBe(255);
  });
});

describe('getPanelSettings examples (the mock picks them by name)', () => {
  const op = isObject(pathsFile.getPanelSettings) ? pathsFile.getPanelSettings.post : undefined;
  const content = (node: unknown): JsonObject => {
    const media = isObject(node) && isObject(node.content) ? node.content['application/json'] : undefined;
    return isObject(media) && isObject(media.examples) ? media.examples : {};
  };
  const requestExamples = isObject(op) ? content(op.requestBody) : {};
  const responseExamples = isObject(op) && isObject(op.responses) ? content(op.responses['200']) : {};
  const resolve = (example: unknown): JsonObject => {
    const ref = isObject(example) ? example.$ref : undefined;
    if (typeof ref !== 'string') throw new Error('examples must reference examples/settings.yaml');
    return exampleValue(ref.split('#/')[1]!);
  };

  it.each(SLUGS.map((slug, n) => [`group-${n}-${slug}`, n] as const))('%s reads and answers group %i', (name, n) => {
    expect(Object.keys(requestExamples)).toContain(name);
    expect(Object.keys(responseExamples)).toContain(name);
    const request = resolve(requestExamples[name]);
    expect(request.command).toBe('GET');
    expect(request.group).toBe(n);
    expect(request.dev_id).toBe(864215040012345);
    const response = resolve(responseExamples[name]);
    expect(response.Err).toBe(0);
    expect(response.group).toBe(n);
    const { ok, errors } = validate(groupKey(n), response.data);
    expect(ok, describeErrors(errors)).toBe(true);
  });

  it('answers the password check (with the rights, and without), a wrong password and the event log', () => {
    expect(resolve(requestExamples['password-check']).command).toBe('USER');
    // The installer's answer carries the panel user's rights; the master's does not (the user-number fallback).
    expect(resolve(responseExamples['password-check'])).toMatchObject({
      err: 0,
      user_no: 1,
      auth: { installer: true, manage: true },
    });
    expect(resolve(responseExamples['password-check-master'])).toEqual({ err: 0, user_no: 2 });
    const wrong = resolve(responseExamples['password-wrong']);
    expect(wrong.err).not.toBe(0);
    expect(wrong.user_no).toBe(0);
    const eventRequest = resolve(requestExamples['event-log']);
    expect([eventRequest.command, eventRequest.event_start_pos, eventRequest.event_count]).toEqual(['EVENT', 1, 10]);
    const log = resolve(responseExamples['event-log']);
    expect(Array.isArray(log.data) && log.data.length).toBe(10);
  });
});
