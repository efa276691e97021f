/**
 * What each part of a panel's row or card draws from the panel's view. A live message gives the view a new object
 * (at 1,000 messages/s aimed at the panels on screen, every rendered panel every frame), and most of what it carries
 * (a new status text, a signal level within the same bar) changes one part or none: each part re-renders only when
 * its own key changes. A key is the values the part draws, derived as the part derives them; a part that reads a new
 * field of the view adds it to its key here.
 */
import type { PanelView } from '../../../lib/panels/panel-view.ts';
import { flagOn, hasGsm } from '../../../lib/panels/panel-view.ts';
import { batteryState, signalBars, visibleTemperature } from '../panel-display.ts';
import { TICK_MS } from './clock.ts';

type Key = readonly unknown[];

const sameKey = (a: Key, b: Key): boolean =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/** The partitions as the parts draw them: number, name and armed state. */
const partitionsKey = (view: PanelView): string =>
  (view.PartList ?? []).map((part) => `${part.partno}:${part.name ?? ''}:${flagOn(part.armed) ? 1 : 0}`).join('|');

/** The heading: description, device id, model (and its GSM mark). */
export const identityKey = (view: PanelView): Key => [view.dev_id, view.description, view.model];

/** The panel's status: its code (a known one is shown in the person's language), its own text, and whether it is the
 * last known one (the panel is not connected). */
export const statusTextKey = (view: PanelView): Key => [view.status, view.status_desc, view.connected === false];

export const partitionsListKey = (view: PanelView): Key => [partitionsKey(view)];

/** Connection, signal bars (GSM models), battery and temperature: the readings as shown, not the raw levels. */
export const readingsKey = (view: PanelView): Key => [
  view.connected === false,
  hasGsm(view.model) && view.gsmlevel !== undefined ? signalBars(view.gsmlevel) : -1,
  batteryState(view.battary),
  visibleTemperature(view.KLStatus?.temp),
];

/**
 * The actions offered (panel-actions-model.ts: connection, armed states, partitions) and what their labels and
 * handlers use (device id, description).
 */
export const actionsKey = (view: PanelView): Key => [
  view.dev_id,
  view.description,
  view.connected === false,
  flagOn(view.armed),
  flagOn(view.stayarmed),
  view.partcount ?? 0,
  partitionsKey(view),
];

/** The "more" menu's button: its label and the panel the menu opens for (renamed or removed by device id). */
export const menuKey = (view: PanelView): Key => [view.dev_id, view.description];

/**
 * A comparison for `memo` of a part whose panel prop (`prop`) is keyed by `key`: equal when every other prop is the
 * same object or value and the panels' keys are equal.
 */
export function sameBy<P extends object>(prop: keyof P, key: (view: PanelView) => Key) {
  return (previous: P, next: P): boolean => {
    const names = Object.keys(next) as (keyof P)[];
    if (names.length !== Object.keys(previous).length) return false;
    for (const name of names) {
      if (name !== prop && !Object.is(previous[name], next[name])) return false;
    }
    return sameKey(key(previous[prop] as PanelView), key(next[prop] as PanelView));
  };
}

/**
 * The "updated … ago" of a time as the page's clock shows it. The clock reads whole ticks, and a tick is whole
 * seconds, so the age in whole seconds, floor((now - updatedAt) / 1000), is now / 1000 - ceil(updatedAt / 1000):
 * two times with the same key draw the same words at every tick.
 */
export const freshnessKey = (updatedAt: number): number => {
  if (TICK_MS % 1000 !== 0) return updatedAt; // (a clock of parts of seconds: every time is its own)
  return Math.ceil(updatedAt / 1000);
};
