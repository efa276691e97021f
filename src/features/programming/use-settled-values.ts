/**
 * The values of a form RJSF holds itself (uncontrolled: nothing is fed back into it on a change): the latest values
 * are kept in a ref, and the values what is derived from them follows (the rules' check, the diff, the field
 * messages, the status and Save) settle once typing pauses (`SETTLE_MS`), as one update. Save and Enter settle at
 * once, so the review and the write always see what was typed last.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { IChangeEvent } from '@rjsf/core';
import type { JsonObject } from '@generated/settings/types.ts';

/** How long typing must pause before the rules, the diff and the messages follow (one update, not one per key). */
const SETTLE_MS = 150;

export function useSettledValues(base: JsonObject) {
  // The values as typed (RJSF's last change) and the values the status, Save, messages and diff show.
  const latest = useRef<JsonObject>(base);
  const [settled, setSettled] = useState<JsonObject>(base);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // RJSF reports each change after applying it; only the ref changes now, the rest once typing pauses.
  const onChange = useCallback((event: IChangeEvent) => {
    latest.current = (event.formData ?? {}) as JsonObject;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const data = latest.current;
      startTransition(() => setSettled(data));
    }, SETTLE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** Settles these values now, dropping a pending settle. */
  const settle = (data: JsonObject) => {
    latest.current = data;
    clearTimeout(timer.current);
    timer.current = undefined;
    setSettled(data);
  };
  /** The values as typed, settled now (Save, Enter). */
  const settleNow = () => {
    const data = latest.current;
    settle(data);
    return data;
  };
  return { settled, onChange, settleNow, settle };
}
