/**
 * The panels a roll-out can update, per model: the simulator's panels of that model (the example installation: they
 * really go offline while updating and come back, so the live feed shows it; their dealer is the dealer code of the
 * accounts linked to them) followed by a fleet of `FLEET_SIZE` generated panels per model (dealer codes IST034,
 * ANK006 and none in turn, running the model's example version), so that shares of a target mean something.
 */
import type { MockAccess } from '../access.ts';
import { exampleData, type Body } from '../area.ts';
import type { Contract } from '../contract.ts';
import type { FirmwareStore } from '../firmware-tests/store.ts';
import { idValue } from '../ids.ts';

/** Generated panels per model. */
export const FLEET_SIZE = 60;
const FLEET_DEALERS = ['IST034', 'ANK006', ''];

/** A panel a roll-out can update. */
export interface PoolPanel {
  dev_id: number;
  description: string;
  model: string;
  firm_ver: string;
  dealer_code: string;
  /** A panel of the simulator (its connection is real). */
  simulated: boolean;
}

/** The panels of each model: the simulator's panels of the example installation, then the generated fleet. */
export function rolloutPool(contract: Contract, access: MockAccess, store: FirmwareStore): PoolPanel[] {
  const listed = exampleData(contract, '/command/devices/useralldevices', 'default');
  const dealerOf = (devId: number): string =>
    access.owners
      .accountsOf(devId)
      .map((id) => access.account(id)?.Dealercode ?? '')
      .find((code) => code !== '') ?? '';
  const simulated = (Array.isArray(listed) ? (listed as Body[]) : []).map((row): PoolPanel => ({
    dev_id: idValue(row.dev_id),
    description: String(row.description ?? ''),
    model: String(row.model ?? ''),
    firm_ver: String(row.firm_ver ?? ''),
    dealer_code: dealerOf(idValue(row.dev_id)),
    simulated: true,
  }));
  const fleet = store.models.flatMap((model) => {
    const version = simulated.find((panel) => panel.model === model.model_name)?.firm_ver ?? '';
    return Array.from({ length: FLEET_SIZE }, (_, index): PoolPanel => ({
      dev_id: 869100000000000 + model.id * 1000 + index + 1,
      description: `${model.model_name} Saha ${index + 1}`,
      model: model.model_name,
      firm_ver: version,
      dealer_code: FLEET_DEALERS[index % FLEET_DEALERS.length]!,
      simulated: false,
    }));
  });
  return [...simulated, ...fleet];
}
