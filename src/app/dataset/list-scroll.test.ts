import { describe, expect, it } from 'vitest';
import { scrollTargetForRow } from './list-scroll.ts';

// Rows of 50 px in a view of 500 px: rows 0-9 are in view at offset 0.
describe('scrollTargetForRow', () => {
  it('leaves a row that is wholly in view alone', () => {
    expect(scrollTargetForRow(0, 50, 0, 500)).toBeNull();
    expect(scrollTargetForRow(9, 50, 0, 500)).toBeNull();
    expect(scrollTargetForRow(12, 50, 600, 500)).toBeNull();
  });

  it('brings a row below the view to the middle', () => {
    // Row 10 spans 500-550; centred, its middle (525) is at offset + 250.
    expect(scrollTargetForRow(10, 50, 0, 500)).toBe(275);
  });

  it('brings a row above the view, or cut by its top edge, to the middle', () => {
    expect(scrollTargetForRow(3, 50, 1000, 500)).toBe(0);
    expect(scrollTargetForRow(30, 50, 1510, 500)).toBe(1275);
  });

  it('counts a row cut by the bottom edge as out of view', () => {
    expect(scrollTargetForRow(9, 50, 0, 480)).toBe(475 - 240);
  });

  it('never scrolls above the top', () => {
    expect(scrollTargetForRow(1, 50, 5000, 500)).toBe(0);
  });

  it('scrolls when the view has no height yet (not measured)', () => {
    expect(scrollTargetForRow(0, 50, 0, 0)).toBe(25);
  });
});
