import { describe, expect, it } from 'vitest';
import { columnsFor } from './virtual-panels.tsx';

describe('columnsFor', () => {
  it('fits as many cards of at least 300 px as the width holds, with 16 px between them', () => {
    expect(columnsFor(0, 'cards')).toBe(1);
    expect(columnsFor(358, 'cards')).toBe(1);
    expect(columnsFor(616, 'cards')).toBe(2);
    expect(columnsFor(615, 'cards')).toBe(1);
    expect(columnsFor(948, 'cards')).toBe(3);
  });

  it('puts one panel in a row of the list view', () => {
    expect(columnsFor(1400, 'rows')).toBe(1);
  });
});
