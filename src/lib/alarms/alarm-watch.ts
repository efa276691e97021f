/**
 * The shell's alarm watch: every panel of the signed-in user is watched in the live store (whatever page is open),
 * and every change the store hands over goes to the session's alarm book. The fleet is read with the paged panel
 * call, 1,000 rows a call (the contract's largest page), and read again every few minutes for added or removed
 * panels. The store subscribes a topic per panel, 500 topics a SUBSCRIBE packet, and keeps each panel's last state
 * (README, "Alarms that reach you", says what a fleet of 5,000 costs). The fleet read's own records (their
 * `KLStatus`) speak for the panels the feed has not spoken for within RECORD_GRACE_MS, and for all while it is down.
 */
import { getUserDevices } from '@generated/api/sdk.gen.ts';
import type { PanelState } from '@generated/api/types.gen.ts';
import type { LiveStore } from '../live/live-store.ts';
import { AlarmBook, type Acknowledgement } from './alarm-book.ts';
import { createAckSync, type AckSync } from './alarm-sync.ts';
import { createDismissalSync, SecurityNoticeBook } from './security-notices.ts';

/** Rows a call when reading the fleet (the contract's maximum `limit`). */
export const FLEET_PAGE_SIZE = 1000;
/** How often the fleet is read again (panels added or removed elsewhere). */
export const FLEET_REFRESH_MS = 5 * 60_000;
/** How long the live feed has to speak for a panel after a fleet read before the panel's record speaks for it. */
export const RECORD_GRACE_MS = 3000;

export interface FleetPanel {
  devId: number;
  description: string;
  /** The panel's record as the fleet read answered it (its `KLStatus` says whether it is in alarm). */
  record?: PanelState;
}

/** Every panel of the signed-in user, page by page. */
export async function readFleet(signal: AbortSignal): Promise<FleetPanel[]> {
  const panels = new Map<number, FleetPanel>();
  let offset = 0;
  for (;;) {
    const { data } = await getUserDevices({
      path: { offset },
      query: { limit: FLEET_PAGE_SIZE },
      signal,
      throwOnError: true,
    });
    for (const row of data.data) {
      panels.set(row.dev_id, { devId: row.dev_id, description: row.description, record: row });
    }
    offset += data.data.length;
    if (data.data.length === 0 || offset >= data.list_info.total_count) break;
  }
  return [...panels.values()];
}

/**
 * The alarm book of this tab, fed by the live store, with acknowledgements shared by every tab; and the security
 * notices of the same panels (someone is guessing a panel's password), with dismissals shared by every tab.
 */
export class AlarmWatch {
  readonly book: AlarmBook;
  readonly notices = new SecurityNoticeBook();
  private readonly sync: AckSync;
  private readonly noticeSync: ReturnType<typeof createDismissalSync>;
  private readonly stopNotices: () => void;
  private readonly watching = new Map<number, () => void>();
  private names = new Map<number, string>();
  private readonly nameListeners = new Set<() => void>();
  private readonly stopChanges: () => void;
  private recordTimer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly store: LiveStore,
    syncOptions?: Parameters<typeof createAckSync>[1],
  ) {
    this.sync = createAckSync((ack) => this.book.acknowledgeMatching(ack), syncOptions);
    this.book = new AlarmBook({
      wasAcknowledged: (devId, kind) => this.sync.remembered(devId, kind),
      onCleared: (devId, kind) => this.sync.forget(devId, kind),
    });
    this.stopChanges = store.listenChanges((changes) => this.book.observe(changes));
    this.noticeSync = createDismissalSync((dismissal) => this.notices.dismissMatching(dismissal), syncOptions?.Channel);
    // The store takes messages of watched panels only: the user's fleet (and a panel whose page is open).
    this.stopNotices = store.listenNotices((notice) => this.notices.observe(notice));
  }

  /** Watches exactly these panels (a new fleet list): new ones are subscribed, gone ones released. */
  setFleet(panels: readonly FleetPanel[]): void {
    const wanted = new Set(panels.map((panel) => panel.devId));
    for (const [devId, release] of this.watching) {
      if (!wanted.has(devId)) {
        release();
        this.watching.delete(devId);
      }
    }
    for (const devId of wanted) if (!this.watching.has(devId)) this.watching.set(devId, this.store.watch(devId));
    this.names = new Map(panels.map((panel) => [panel.devId, panel.description]));
    for (const listener of this.nameListeners) listener();
    clearTimeout(this.recordTimer);
    const recorded = panels.filter((panel) => panel.record !== undefined);
    if (recorded.length > 0) this.recordTimer = setTimeout(() => this.observeRecords(recorded), RECORD_GRACE_MS);
  }

  /**
   * The fleet read's records speak for the panels the live feed has not spoken for (or for all, while the feed is
   * down: the records are then the freshest word): an alarm in a record reaches the person even without the feed,
   * and a record without it clears an alarm only the feed's silence kept open.
   */
  private observeRecords(panels: readonly FleetPanel[]): void {
    const feedUp = this.store.getStatus() === 'connected';
    const receivedAt = Date.now();
    const changes = panels
      .filter((panel) => this.watching.has(panel.devId) && (!feedUp || this.store.get(panel.devId) === undefined))
      .map((panel) => ({
        devId: panel.devId,
        previous: undefined,
        state: panel.record!,
        update: panel.record!,
        receivedAt,
      }));
    if (changes.length > 0) this.book.observe(changes);
  }

  /** The panel's name as the fleet list has it. */
  nameOf = (devId: number): string | undefined => this.names.get(devId);

  /** Panel names by device id (a new map each time the fleet is read). */
  panelNames = (): ReadonlyMap<number, string> => this.names;

  listenNames = (listener: () => void): (() => void) => {
    this.nameListeners.add(listener);
    return () => void this.nameListeners.delete(listener);
  };

  watchedCount(): number {
    return this.watching.size;
  }

  acknowledge(id: string, by: string, at = Date.now()): Acknowledgement | undefined {
    const ack = this.book.acknowledge(id, by, at);
    if (ack) this.sync.publish(ack);
    return ack;
  }

  /** Dismisses a security notice here and in the other tabs. */
  dismissNotice(id: string): void {
    const dismissal = this.notices.dismiss(id);
    if (dismissal) this.noticeSync.publish(dismissal);
  }

  close(): void {
    clearTimeout(this.recordTimer);
    this.stopChanges();
    this.stopNotices();
    this.noticeSync.close();
    this.sync.close();
    for (const release of this.watching.values()) release();
    this.watching.clear();
  }
}
