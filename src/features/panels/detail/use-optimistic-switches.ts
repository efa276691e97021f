import { useCallback, useState } from 'react';

/**
 * The positions of switches that were flipped and wait for the panel's answer, by item number. A switch shows its
 * wished position until the answer comes; `settle` drops it, so the switch shows the panel's state again (on a
 * refusal that is the old position: the switch reverts).
 */
export function useOptimisticSwitches() {
  const [wished, setWished] = useState<Readonly<Record<number, boolean>>>({});
  const wish = useCallback((no: number, on: boolean) => setWished((current) => ({ ...current, [no]: on })), []);
  const settle = useCallback(
    (no: number) =>
      setWished((current) => {
        const { [no]: _settled, ...rest } = current;
        return rest;
      }),
    [],
  );
  return { wished, wish, settle };
}
