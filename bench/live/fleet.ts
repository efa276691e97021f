/**
 * The generated fleet of the live benchmark: panel list rows as the API sends them, checked against the contract's
 * `PanelListPage` schema, and live messages checked against the AsyncAPI payload schema (the schema the console's
 * validator is generated from), so the console sees realistic data and never drops a benchmark message as invalid.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { PanelListPage, PanelListRow } from '@generated/api/types.gen.ts';
import { createContractAjv, type JsonObject } from '../../tests/contract/contract-loader.ts';

/** Device ids of the fleet: 15 digits like a real IMEI-style id, away from the contract's example panels. */
const FIRST_DEV_ID = 864215090000000;

const NAMES = ['Merkez Ofis', 'Depo', 'Şube', 'Mağaza', 'Ev', 'Atölye', 'Eczane', 'Fabrika', 'Okul', 'Çiftlik'];
const MODELS = ['MX-16G', 'MX-8', 'MX-32G', 'MX-8G'];

export const devIdOf = (index: number): number => FIRST_DEV_ID + index;

/** The panel at `index` of the fleet: mostly connected and disarmed, some armed, some without a connection. */
export function fleetPanel(index: number): PanelListRow {
  const devId = devIdOf(index);
  const model = MODELS[index % MODELS.length]!;
  const armed = index % 7 === 3;
  const connected = index % 23 !== 5;
  const lastEvent = new Date(Date.UTC(2026, 10, 20, 14, 0, 0) - index * 61_000).toISOString().replace('.000', '');
  return {
    id: index + 1,
    dev_id: devId,
    description: `${NAMES[index % NAMES.length]} ${String(index + 1).padStart(5, '0')}`,
    model,
    firm_ver: '3.4.2',
    add_time: '2025-03-14T09:20:00Z',
    last_event_time: lastEvent,
    state: 1,
    status: armed ? 2 : 1,
    status_desc: armed ? 'Sistem Kurulu' : 'Sistem Hazır',
    armed,
    stayarmed: false,
    connected,
    partcount: 0,
    PartList: [],
    KLStatus: { alarm: 0, firealarm: 0, temp: 20 + (index % 9), power: 1, bypass: 0, event: 0, armed: armed ? 1 : 0 },
    ...(model.endsWith('G') ? { gsmlevel: 40 + (index % 61) } : {}),
    battary: 0,
    motion: 0,
    ahm1: 1,
    ahm2: 0,
    device_info: { id: index + 1, dev_id: devId, firm_ver: '3.4.2', model, last_event_time: lastEvent },
  };
}

/** The page of the panel list the API answers for `offset` and `limit` (as GET userdevices/{offset} does). */
export function fleetPage(size: number, offset: number, limit: number): PanelListPage {
  const end = Math.min(size, offset + limit);
  const data: PanelListRow[] = [];
  for (let index = offset; index < end; index++) data.push(fleetPanel(index));
  return { data, list_info: { total_count: size, limit, offset } };
}

/** Fails loudly when the generated rows are not what the contract says a panel list page is. */
export function checkFleetAgainstContract(size: number): void {
  const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as JsonObject;
  const ajv = createContractAjv(contract);
  const validate = ajv.getSchema('contract#/components/schemas/PanelListPage');
  if (!validate) throw new Error('The contract has no PanelListPage schema');
  // Every row of the fleet, in pages of the largest size the contract allows.
  for (let offset = 0; offset < size; offset += 1000) {
    const page = fleetPage(size, offset, 1000);
    if (!validate(page)) {
      throw new Error(`Generated panel list page at ${offset} breaks the contract: ${ajv.errorsText(validate.errors)}`);
    }
  }
  const payloadAjv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(payloadAjv);
  const validatePayload = payloadAjv.compile(
    JSON.parse(readFileSync('generated/live/panel-update.schema.json', 'utf8')) as JsonObject,
  );
  for (const seq of [0, 1, 99, 100, 123_456_789]) {
    if (!validatePayload(JSON.parse(messagePayload(devIdOf(seq % size), seq)))) {
      throw new Error(
        `Generated live message breaks the AsyncAPI payload: ${payloadAjv.errorsText(validatePayload.errors)}`,
      );
    }
  }
  if (!validatePayload(JSON.parse(alarmPayload(devIdOf(size - 1))))) {
    throw new Error(
      `Generated alarm message breaks the AsyncAPI payload: ${payloadAjv.errorsText(validatePayload.errors)}`,
    );
  }
}

/** The text a message puts in `status_desc`: the benchmark finds it on screen by it. */
export const marker = (seq: number): string => `b-${seq}`;

/**
 * One live message: a status report as a panel sends it (status, its text, signal, the time), `status_desc` unique
 * per message. About 130 bytes, like a real status report without zones.
 */
export const messagePayload = (devId: number, seq: number): string =>
  JSON.stringify({
    dev_id: devId,
    status: 1,
    status_desc: marker(seq),
    connected: true,
    gsmlevel: seq % 101,
    last_event_time: '2026-11-20T14:32:05Z',
  });

/**
 * An alarm message: the panel reports its alarm on (`KLStatus.alarm` 1, only that field of KLStatus, as a panel's
 * change report carries it). The alarm watch raises it in the alarm bar; the other messages never touch KLStatus, so
 * nothing clears it during a run.
 */
export const alarmPayload = (devId: number): string => JSON.stringify({ dev_id: devId, KLStatus: { alarm: 1 } });
