/**
 * Open-or-closed state of the signed-in frame's own controls (the account menu, the language list), kept
 * outside the frame: while a page loads, the frame is drawn by the pending state (`AppLayoutPending`) and then drawn
 * again by the page's layout, a new instance. A menu opened in between stays open in the new frame instead of
 * vanishing under the person's finger (the new frame anchors it to its own button).
 */
import { useCallback, useSyncExternalStore } from 'react';

export type FrameControl = 'accountMenu' | 'languageMenu';

const open = new Set<FrameControl>();
const listeners = new Set<() => void>();

export function setFrameControlOpen(control: FrameControl, value: boolean): void {
  if (open.has(control) === value) return;
  if (value) open.add(control);
  else open.delete(control);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether the frame's control is open, and a setter, the same for every instance of the frame. */
export function useFrameControl(control: FrameControl): [boolean, (value: boolean) => void] {
  const snapshot = useCallback(() => open.has(control), [control]);
  // The same on a server render (the component tests render the header on the server).
  const isOpen = useSyncExternalStore(subscribe, snapshot, snapshot);
  const set = useCallback((value: boolean) => setFrameControlOpen(control, value), [control]);
  return [isOpen, set];
}
