/** Brings what it wraps into view when it appears (a result below the fold of a long dialog). */
import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { scrollBehavior } from '../../../lib/motion/reduced-motion.ts';

export function ScrollHere({ children, block = 'nearest' }: { children: ReactNode; block?: ScrollLogicalPosition }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block, behavior: scrollBehavior() });
    // Once, when it appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <Box ref={ref}>{children}</Box>;
}
