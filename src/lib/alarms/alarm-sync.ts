/**
 * Acknowledgements shared by every tab of the console in this browser: told at once over a BroadcastChannel, and
 * through a `storage` event where there is none. Each acknowledgement of an alarm still on is also remembered in
 * local storage (by panel and kind, until a tab hears the alarm end), so a reloaded or new tab that first hears the
 * panel already in alarm does not ring again for an alarm someone here has acknowledged.
 */
import type { Acknowledgement, AlarmKind } from './alarm-book.ts';

export const ACK_CHANNEL = 'alarm-acknowledgements';
/** The last acknowledgement (the storage-event fallback) and the acknowledgements of alarms still on. */
export const LAST_ACK_KEY = 'alarm-ack';
export const ACKS_KEY = 'alarm-acks';

const keyOf = (devId: number, kind: AlarmKind) => `${devId}:${kind}`;

const isAck = (value: unknown): value is Acknowledgement => {
  const ack = value as Partial<Acknowledgement> | null;
  return (
    typeof ack === 'object' &&
    ack !== null &&
    typeof ack.devId === 'number' &&
    (ack.kind === 'alarm' || ack.kind === 'fire') &&
    typeof ack.at === 'number' &&
    typeof ack.by === 'string'
  );
};

function readStored(storage: Storage): Record<string, Acknowledgement> {
  try {
    const parsed = JSON.parse(storage.getItem(ACKS_KEY) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, Acknowledgement] => isAck(entry[1])),
    );
  } catch {
    return {};
  }
}

function writeStored(storage: Storage, acks: Record<string, Acknowledgement>): void {
  try {
    if (Object.keys(acks).length) storage.setItem(ACKS_KEY, JSON.stringify(acks));
    else storage.removeItem(ACKS_KEY);
  } catch {
    // Storage full or refused: the other tabs still hear it on the channel.
  }
}

export interface AckSync {
  /** Tells the other tabs, and remembers it while the alarm is on. */
  publish(ack: Acknowledgement): void;
  /** An acknowledgement remembered for an alarm still on. */
  remembered(devId: number, kind: AlarmKind): Acknowledgement | undefined;
  /** The panel's alarm of that kind is over: its remembered acknowledgement goes. */
  forget(devId: number, kind: AlarmKind): void;
  close(): void;
}

export function createAckSync(
  onAck: (ack: Acknowledgement) => void,
  {
    storage = globalThis.localStorage,
    Channel = globalThis.BroadcastChannel,
    target = typeof window === 'undefined' ? null : window,
  }: {
    storage?: Storage;
    /** null: none (the storage-event fallback). */
    Channel?: typeof BroadcastChannel | null;
    target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  } = {},
): AckSync {
  const channel = typeof Channel === 'function' ? new Channel(ACK_CHANNEL) : undefined;
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      if (isAck(event.data)) onAck(event.data);
    };
  }
  // Without BroadcastChannel, a write to local storage is the message (other tabs get a storage event).
  const onStorage = (event: StorageEvent) => {
    if (channel || event.key !== LAST_ACK_KEY || !event.newValue) return;
    try {
      const value: unknown = JSON.parse(event.newValue);
      if (isAck(value)) onAck(value);
    } catch {
      // Not ours: ignored.
    }
  };
  target?.addEventListener('storage', onStorage);
  return {
    publish(ack) {
      channel?.postMessage(ack);
      const acks = readStored(storage);
      acks[keyOf(ack.devId, ack.kind)] = ack;
      writeStored(storage, acks);
      if (!channel) {
        try {
          // A nonce makes each write a change, so the storage event fires for the same alarm acknowledged twice.
          storage.setItem(LAST_ACK_KEY, JSON.stringify({ ...ack, nonce: Math.random() }));
        } catch {
          // Nothing more to do.
        }
      }
    },
    remembered: (devId, kind) => readStored(storage)[keyOf(devId, kind)],
    forget(devId, kind) {
      const acks = readStored(storage);
      if (!(keyOf(devId, kind) in acks)) return;
      delete acks[keyOf(devId, kind)];
      writeStored(storage, acks);
    },
    close() {
      channel?.close();
      target?.removeEventListener('storage', onStorage);
    },
  };
}
