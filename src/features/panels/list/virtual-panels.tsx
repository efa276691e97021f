/**
 * The loaded panels, rendered only where the window shows them (plus a margin), so thousands stay smooth and only
 * the panels rendered are watched on the live feed. Cards: rows of as many columns as the width holds; list: one
 * panel per row. Heights are measured, so a card with partitions or a wrapped row takes the room it needs.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { LoadedPanel } from '../../../lib/panels/user-panels.ts';
import { CARD_MIN_WIDTH, GAP, ListFrame, PanelItems } from './panel-items.tsx';
import type { OpenPanelMenu } from './panel-more-button.tsx';
import type { PanelViewMode } from './view-mode.ts';
/** Rows rendered beyond the window each way: enough that tabbing on always finds the next panel rendered. */
const OVERSCAN = 3;

/** A change of width this small is not followed: it is the window's scrollbar coming or going (at most about 20 px),
 * and following it could change the columns, so the height, so the scrollbar again, and rebuild the cards forever. */
const SCROLLBAR_SLACK = 24;

/** The element's width, following resizes (in steps of more than a scrollbar's width). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      const next = entry!.contentRect.width;
      setWidth((current) => (Math.abs(next - current) > SCROLLBAR_SLACK ? next : current));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export const columnsFor = (width: number, mode: PanelViewMode): number =>
  mode === 'rows' ? 1 : Math.max(1, Math.floor((width + GAP) / (CARD_MIN_WIDTH + GAP)));

export function VirtualPanels({
  panels,
  mode,
  onMenu,
}: {
  panels: LoadedPanel[];
  mode: PanelViewMode;
  onMenu: OpenPanelMenu;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const width = useWidth(listRef);
  const columns = columnsFor(width, mode);
  const rowCount = Math.ceil(panels.length / columns);
  // Where the list starts in the page: the window scrolls, the list is one part of it. What is above it (the search
  // notes) changes the page's height, so the page's size changes are when to measure again.
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setScrollMargin((current) => (Math.abs(top - current) >= 1 ? top : current));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => (mode === 'cards' ? 300 : 96),
    overscan: OVERSCAN,
    scrollMargin,
    gap: mode === 'cards' ? GAP : 0,
    // Keyed by the first panel a row holds: a panel keeps its element (and what is open in it) while the list grows,
    // and in the list view whatever the width does.
    getItemKey: (index) => panels[index * columns]?.row.dev_id ?? index,
  });

  return (
    // Values that change while scrolling go in `style`: in `sx` each one would add a CSS rule to the page.
    <ListFrame ref={listRef} mode={mode} style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const first = row.index * columns;
        return (
          <Box
            key={row.key}
            role="none"
            data-index={row.index}
            ref={virtualizer.measureElement}
            sx={{ position: 'absolute', top: 0, left: 0, width: '100%', display: 'grid', gap: `${GAP}px` }}
            style={{
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            }}
          >
            <PanelItems
              panels={panels.slice(first, first + columns)}
              first={first}
              total={panels.length}
              mode={mode}
              onMenu={onMenu}
            />
          </Box>
        );
      })}
    </ListFrame>
  );
}
