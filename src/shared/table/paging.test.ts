import { describe, expect, it } from 'vitest';
import { pageBeyondEnd, pageCount, pageForNewSize, pageInfo, pageOffset } from './page-position.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, parsePage, parsePageSize } from './paging.ts';

describe('paging', () => {
  it('offers the spec page sizes, 10 by default', () => {
    expect(PAGE_SIZES).toEqual([10, 25, 50, 100, 250, 500, 1000]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });

  it('reads a page size from the URL, else the default', () => {
    expect(parsePageSize(250)).toBe(250);
    expect(parsePageSize('1000')).toBe(1000);
    expect(parsePageSize(20)).toBe(10);
    expect(parsePageSize('abc')).toBe(10);
    expect(parsePageSize(undefined)).toBe(10);
    expect(parsePageSize(5000)).toBe(10);
  });

  it('reads a page number from 1 on, else page 1', () => {
    expect(parsePage(3)).toBe(3);
    expect(parsePage('7')).toBe(7);
    expect(parsePage(0)).toBe(1);
    expect(parsePage(-2)).toBe(1);
    expect(parsePage(2.5)).toBe(1);
    expect(parsePage('x')).toBe(1);
    expect(parsePage(null)).toBe(1);
  });

  it('asks for offset (page - 1) x limit', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(3, 25)).toBe(50);
    expect(pageOffset(0, 10)).toBe(0);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(2500, 1000)).toBe(3);
  });

  it('describes a page with a total', () => {
    expect(pageInfo(2, 10, 10, 57)).toEqual({
      page: 2,
      size: 10,
      total: 57,
      lastPage: 6,
      hasNext: true,
      from: 11,
      to: 20,
    });
    expect(pageInfo(6, 10, 7, 57)).toMatchObject({ hasNext: false, from: 51, to: 57 });
    expect(pageInfo(1, 10, 0, 0)).toMatchObject({ lastPage: 1, hasNext: false, from: 0, to: 0 });
  });

  it('without a total, a full page may have a next one', () => {
    expect(pageInfo(1, 10, 10, undefined)).toMatchObject({ lastPage: undefined, hasNext: true, from: 1, to: 10 });
    expect(pageInfo(2, 10, 4, undefined)).toMatchObject({ hasNext: false, from: 11, to: 14 });
  });

  it('finds a page past the end, and only then', () => {
    expect(pageBeyondEnd(9, 10, 57)).toBe(6);
    expect(pageBeyondEnd(6, 10, 57)).toBeUndefined();
    expect(pageBeyondEnd(3, 10, 0)).toBe(1);
    expect(pageBeyondEnd(1, 10, 0)).toBeUndefined();
    expect(pageBeyondEnd(9, 10, undefined)).toBeUndefined();
  });

  it('keeps the first row in view when the page size changes', () => {
    expect(pageForNewSize(3, 10, 25)).toBe(1);
    expect(pageForNewSize(4, 10, 25)).toBe(2);
    expect(pageForNewSize(2, 25, 10)).toBe(3);
    expect(pageForNewSize(1, 10, 1000)).toBe(1);
  });
});
