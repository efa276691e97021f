/**
 * Which accounts each panel is linked to (a panel on an account's panel list), as the mock API remembers it: the
 * ownership the access rules (mocks/access.ts) and the broker's ACL read. It starts from the contract's examples
 * (openapi/EXAMPLES.md): the panel list example is the example account `user`'s (user 3's four panels), and the
 * linked-accounts example (`getPanelUserList`) is panel 1's (the panel of `getDevicePart`'s default example: user 3
 * and dealer 2). The contract's calls change it: adding a panel links it to the caller (a panel the examples do not
 * have gets the next record id, its description and the time it was added), renaming one keeps its new description,
 * removing one unlinks it (an added panel on no list any more is forgotten), copying one to another user links it to that user; the mock's panels reset puts the
 * examples back.
 * Every change tells the listeners which accounts' panel lists changed (the broker closes their connections).
 */
import type { Contract } from '../contract.ts';

/** The accounts whose panel list changed. */
export type OwnersListener = (userIds: number[]) => void;

interface PanelRow {
  id: number;
  dev_id: number;
}

const exampleValue = (contract: Contract, operationId: string, name: string): unknown => {
  const operation = contract.operations.find((op) => op.operationId === operationId);
  return operation ? contract.responseExamples(operation).get(name)?.example.value : undefined;
};

const dataOf = (value: unknown): unknown => (value as { data?: unknown } | undefined)?.data;

/** The panel rows (record id and dev_id) of the panel list example. */
export function examplePanels(contract: Contract): PanelRow[] {
  const rows = dataOf(exampleValue(contract, 'getUserAllDevices', 'default'));
  return Array.isArray(rows)
    ? (rows as Partial<PanelRow>[])
        .filter((row) => Number.isSafeInteger(row.id) && Number.isSafeInteger(row.dev_id))
        .map((row) => ({ id: row.id!, dev_id: row.dev_id! }))
    : [];
}

/** The links the examples describe: dev_id → the ids of the accounts it is linked to. */
export function exampleLinks(contract: Contract): Map<number, Set<number>> {
  const links = new Map<number, Set<number>>();
  const owner = (dataOf(exampleValue(contract, 'getUserDetail', 'user')) as { id?: number } | undefined)?.id;
  const listed = dataOf(exampleValue(contract, 'getUserDevices', 'default'));
  for (const row of Array.isArray(listed) ? (listed as { dev_id?: number }[]) : []) {
    if (Number.isSafeInteger(row.dev_id)) links.set(row.dev_id!, new Set(owner === undefined ? [] : [owner]));
  }
  for (const row of examplePanels(contract)) if (!links.has(row.dev_id)) links.set(row.dev_id, new Set());
  const detailed = (dataOf(exampleValue(contract, 'getDevicePart', 'default')) as { dev_id?: number } | undefined)
    ?.dev_id;
  const accounts = dataOf(exampleValue(contract, 'getPanelUserList', 'default'));
  if (detailed !== undefined && Array.isArray(accounts)) {
    const linked = links.get(detailed) ?? new Set<number>();
    for (const account of accounts as { id?: number }[]) if (Number.isSafeInteger(account.id)) linked.add(account.id!);
    links.set(detailed, linked);
  }
  return links;
}

/** A panel added since the examples: its record id, description and when it was added. */
export interface AddedPanel {
  id: number;
  dev_id: number;
  description: string;
  add_time: string;
}

export class PanelOwners {
  private links = new Map<number, Set<number>>();
  private readonly records = new Map<number, number>();
  /** Panels the examples do not have, by dev_id, in the order they were added. */
  private readonly addedPanels = new Map<number, AddedPanel>();
  /** Descriptions given since the examples (added or renamed panels), by dev_id. */
  private readonly descriptions = new Map<number, string>();
  private readonly listeners = new Set<OwnersListener>();

  constructor(private readonly contract: Contract) {
    this.reset();
  }

  /** Back to the examples' links (the listeners hear of every account whose list differs). */
  reset(): void {
    const before = this.links;
    this.links = exampleLinks(this.contract);
    this.records.clear();
    this.addedPanels.clear();
    this.descriptions.clear();
    for (const row of examplePanels(this.contract)) this.records.set(row.id, row.dev_id);
    const changed = new Set<number>();
    for (const devId of new Set([...before.keys(), ...this.links.keys()])) {
      const was = before.get(devId) ?? new Set<number>();
      const is = this.links.get(devId) ?? new Set<number>();
      for (const id of was) if (!is.has(id)) changed.add(id);
      for (const id of is) if (!was.has(id)) changed.add(id);
    }
    this.emit([...changed]);
  }

  /** Every panel the mock knows (linked to someone or not). */
  panels(): number[] {
    return [...this.links.keys()];
  }

  exists(devId: number): boolean {
    return this.links.has(devId);
  }

  /** The dev_id of a panel's record id (`moveDevice` names the panel by its record id). */
  devIdOfRecord(id: number): number | undefined {
    return this.records.get(id);
  }

  /** The panels on an account's panel list. */
  linkedTo(userId: number): number[] {
    return [...this.links].filter(([, users]) => users.has(userId)).map(([devId]) => devId);
  }

  /** The accounts a panel is linked to. */
  accountsOf(devId: number): number[] {
    return [...(this.links.get(devId) ?? [])];
  }

  /** Puts a panel on an account's list (a new panel becomes known). */
  link(devId: number, userId: number): void {
    const users = this.links.get(devId) ?? new Set<number>();
    this.links.set(devId, users);
    if (users.has(userId)) return;
    users.add(userId);
    this.emit([userId]);
  }

  /**
   * Adds a panel to an account's list with its description (`addPanel`): a panel the mock did not know becomes a
   * record of its own (the next record id, added now).
   */
  add(devId: number, userId: number, description: string): void {
    if (!this.exists(devId)) {
      const id = Math.max(0, ...this.records.keys()) + 1;
      this.records.set(id, devId);
      const added = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
      this.addedPanels.set(devId, { id, dev_id: devId, description, add_time: added });
    }
    this.descriptions.set(devId, description);
    this.link(devId, userId);
  }

  /** Gives a known panel a new description (`changePanelDesc`). */
  rename(devId: number, description: string): void {
    if (this.exists(devId)) this.descriptions.set(devId, description);
  }

  /** The description a panel was given since the examples (added or renamed), if any. */
  descriptionOf(devId: number): string | undefined {
    return this.descriptions.get(devId);
  }

  /** The panels added since the examples (not in the example list), oldest first. */
  added(): AddedPanel[] {
    return [...this.addedPanels.values()].map((panel) => ({
      ...panel,
      description: this.descriptions.get(panel.dev_id) ?? panel.description,
    }));
  }

  /**
   * Takes a panel off an account's list. A panel added since the examples that is on no list any more leaves the
   * installation as it came (unknown again: in no one's reach, an administrator's neither).
   */
  unlink(devId: number, userId: number): void {
    if (!this.links.get(devId)?.delete(userId)) return;
    const added = this.addedPanels.get(devId);
    if (added && this.links.get(devId)?.size === 0) {
      this.links.delete(devId);
      this.records.delete(added.id);
      this.addedPanels.delete(devId);
      this.descriptions.delete(devId);
    }
    this.emit([userId]);
  }

  /** Hears every change; → a function that stops listening. */
  onChange(listener: OwnersListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(userIds: number[]): void {
    if (!userIds.length) return;
    for (const listener of this.listeners) listener(userIds);
  }
}
