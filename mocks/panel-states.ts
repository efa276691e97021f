/**
 * What a panel's zone and output lists say of the panel's present state: the server answers them from the panel, so
 * a zone bypassed by a command is bypassed in the list read afterwards (as the live feed said), and an output
 * switched on is on. The panels' side (the simulator) knows the states; the lists take the bypass of each zone
 * (`zone_byp_status`, and `byp`, the switch, which the contract makes true exactly when it is bypassed) and the state
 * of each output (`out_status`) from it.
 */
import { idValue } from './ids.ts';

type Fields = Record<string, unknown>;

/** The zone and output states a panel holds now, by their number. */
export interface PanelListStates {
  zones: readonly Fields[];
  outs: readonly Fields[];
}

const ZONES = '/command/devices/{id}/zones';
const OUTS = '/command/devices/{id}/outs';

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rows of a panel's zone or output list with the panel's present states over them (other lists unchanged). */
export function withPanelStates(
  list: string,
  rows: readonly unknown[],
  states: PanelListStates | undefined,
): unknown[] {
  if (!states || (list !== ZONES && list !== OUTS)) return [...rows];
  const zones = list === ZONES;
  const numberField = zones ? 'zone_no' : 'out_no';
  const held = zones ? states.zones : states.outs;
  return rows.map((row) => {
    if (!isObject(row)) return row;
    const state = held.find((item) => idValue(item[numberField]) === idValue(row[numberField]));
    if (!state) return row;
    if (!zones) return state.out_status === undefined ? row : { ...row, out_status: Number(state.out_status) };
    if (state.zone_byp_status === undefined) return row;
    const bypass = Number(state.zone_byp_status);
    return { ...row, zone_byp_status: bypass, byp: bypass > 0 };
  });
}
