/**
 * One truth of a panel in the mock: its programmed records and its lists agree both ways (a zone renamed through
 * programming is listed with its new name; a quick update of a list row is what the next settings read answers), and
 * its zone and output lists say what the panel's side holds now (a bypass, an output switched), back to the
 * contract's examples after a reset.
 */
import { describe, expect, it } from 'vitest';
import { CONTRACT_FILE, Contract } from './contract.ts';
import { withPanelStates } from './panel-states.ts';
import { SettingsStore } from './db/settings-store.ts';
import { PanelSimulator } from './simulator.ts';

const contract = Contract.load(CONTRACT_FILE);
const OFFICE = 864215040012345;
const ZONES = '/command/devices/{id}/zones';
const USERS = '/command/devices/{id}/users';
const OUTS = '/command/devices/{id}/outs';

type Row = Record<string, unknown>;

/** The rows of a list's example of the office panel, as Prism answers them. */
const exampleRows = (path: string): Row[] => {
  const operation = contract.operations.find((op) => op.method === 'get' && op.path === path)!;
  const value = contract.responseExamples(operation).get(`dev-${OFFICE}`)!.example.value as { data: Row[] };
  return structuredClone(value.data);
};
const rowOf = (rows: unknown[], field: string, no: number) => (rows as Row[]).find((row) => row[field] === no)!;

describe("a panel's programmed records and its lists", () => {
  it('list a zone and a panel user with the name programming wrote', () => {
    const store = new SettingsStore(contract);
    store.write({ dev_id: OFFICE, command: 'SET', group: 0, member: 1, user_pass: '1234', name: 'Salon PIR 2' });
    store.write({ dev_id: OFFICE, command: 'SET', group: 2, member: 2, user_pass: '1234', uname: 'Ayse' });
    expect(rowOf(store.withUpdates(ZONES, OFFICE, exampleRows(ZONES)), 'zone_no', 1)).toMatchObject({
      name: 'Salon PIR 2',
      active: true,
    });
    expect(rowOf(store.withUpdates(USERS, OFFICE, exampleRows(USERS)), 'user_no', 2)).toEqual({
      user_no: 2,
      name: 'Ayse',
    });
    // Rows of records never written are as the examples have them.
    expect(rowOf(store.withUpdates(ZONES, OFFICE, exampleRows(ZONES)), 'zone_no', 0)).toMatchObject({
      name: 'Giris Kapisi',
    });
  });

  it("make a quick update the record's, and the later of a write and a quick update wins", () => {
    const store = new SettingsStore(contract);
    const mutfak = rowOf(exampleRows(ZONES), 'zone_no', 2);
    store.updateListed(ZONES, OFFICE, Number(mutfak.id), { name: 'Kiler', active: false });
    expect(store.current(OFFICE, 0, 2)).toMatchObject({ zone_no: 2, name: 'Kiler', active: false });
    expect(store.known(OFFICE, 0, 2)?.data).toMatchObject({ name: 'Kiler' });

    store.write({ dev_id: OFFICE, command: 'SET', group: 0, member: 2, user_pass: '1234', name: 'Kiler Kapisi' });
    expect(rowOf(store.withUpdates(ZONES, OFFICE, exampleRows(ZONES)), 'zone_no', 2)).toMatchObject({
      name: 'Kiler Kapisi',
      active: false,
    });
    store.updateListed(ZONES, OFFICE, Number(mutfak.id), { name: 'Mutfak' });
    expect(store.current(OFFICE, 0, 2)).toMatchObject({ name: 'Mutfak' });
    expect(rowOf(store.withUpdates(ZONES, OFFICE, exampleRows(ZONES)), 'zone_no', 2)).toMatchObject({ name: 'Mutfak' });
  });

  it("keep an output's active state in its list only (an output's record has none)", () => {
    const store = new SettingsStore(contract);
    const siren = rowOf(exampleRows(OUTS), 'out_no', 0);
    store.updateListed(OUTS, OFFICE, Number(siren.id), { name: 'Dis Siren', active: false });
    expect(store.current(OFFICE, 4, 0)).toMatchObject({ name: 'Dis Siren' });
    expect(store.current(OFFICE, 4, 0)).not.toHaveProperty('active');
    expect(rowOf(store.withUpdates(OUTS, OFFICE, exampleRows(OUTS)), 'out_no', 0)).toMatchObject({
      name: 'Dis Siren',
      active: false,
    });
  });
});

describe("a panel's lists and its present state", () => {
  it('list a bypassed zone bypassed and a switched output on, until the panels reset', async () => {
    const simulator = new PanelSimulator({ contract, publish: () => undefined, tickMs: 0 });
    simulator.handleCommand({ dev_id: OFFICE, command: 'BYPASS', zoneoutno: 4, status: 1 });
    simulator.handleCommand({ dev_id: OFFICE, command: 'BYPASS', zoneoutno: 5, status: 0 });
    simulator.handleCommand({ dev_id: OFFICE, command: 'OUTPUT', zoneoutno: 2, status: 1 });
    const zones = withPanelStates(ZONES, exampleRows(ZONES), simulator.listStates(OFFICE));
    expect(rowOf(zones, 'zone_no', 4)).toMatchObject({ zone_byp_status: 2, byp: true });
    expect(rowOf(zones, 'zone_no', 5)).toMatchObject({ zone_byp_status: 0, byp: false });
    expect(rowOf(withPanelStates(OUTS, exampleRows(OUTS), simulator.listStates(OFFICE)), 'out_no', 2)).toMatchObject({
      out_status: 1,
    });

    // The contract's examples were not changed by the panel: a reset lists them as they were.
    await simulator.reset();
    const again = withPanelStates(ZONES, exampleRows(ZONES), simulator.listStates(OFFICE));
    expect(rowOf(again, 'zone_no', 4)).toMatchObject({ zone_byp_status: 0, byp: false });
    expect(rowOf(again, 'zone_no', 5)).toMatchObject({ zone_byp_status: 2, byp: true });
    simulator.stop();
  });
});
