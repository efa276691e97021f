/** The records bench:forms reads back from the page (forms/instrumentation.ts), and the probe on its window. */
import type { LongTask, PaintRecord } from '../page-scripts.ts';

export interface ReadRecord {
  sent: number;
  headers: number;
  received: number;
  group: number;
  member: number;
  command: string;
}
export interface OpenRecord extends PaintRecord {
  click: number;
  reads: ReadRecord[];
}
export interface KeyRecord {
  key: string;
  stamp: number;
  start: number;
  inputAt?: number;
  handled: number;
  frame: number;
  painted: number;
}
export interface EventRecord {
  name: string;
  start: number;
  duration: number;
  processing: number;
  interactionId: number;
}
export interface TypingRecord {
  keys: KeyRecord[];
  events: EventRecord[];
  longTasks: LongTask[];
}

/** What INSTRUMENTATION puts on the page's window. */
export interface FormsProbe {
  /** Starts recording an open; false while a form is still on the page. */
  armOpen(): boolean;
  whenOpened(): Promise<boolean>;
  takeOpen(): OpenRecord;
  /** The value of the "Zone name" field, null when there is none. */
  fieldValue(): string | null;
  /** The policy's refusals so far, by directive and blocked URI, with their count. */
  cspViolations(): Record<string, number>;
  armTyping(): void;
  takeTyping(): TypingRecord;
}
/** The page's window with the probe (page functions are sent as source: they name it themselves). */
export type ProbeWindow = { __forms: FormsProbe };
