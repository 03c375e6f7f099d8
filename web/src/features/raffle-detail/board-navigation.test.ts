import { describe, expect, it } from 'vitest';
import { boardKeyTarget } from './board-navigation';

// 23 numbers in rows of 5: the last row holds 20, 21, 22.
const at = (index: number) => ({ index, count: 23, columns: 5, pageRows: 2 });

describe('board keys', () => {
  it('arrows move one number or one row, and stop at the edges', () => {
    expect(boardKeyTarget('ArrowRight', false, at(4))).toBe(5); // wraps to the next row
    expect(boardKeyTarget('ArrowLeft', false, at(5))).toBe(4);
    expect(boardKeyTarget('ArrowLeft', false, at(0))).toBe(0);
    expect(boardKeyTarget('ArrowRight', false, at(22))).toBe(22);
    expect(boardKeyTarget('ArrowDown', false, at(7))).toBe(12);
    expect(boardKeyTarget('ArrowUp', false, at(7))).toBe(2);
    expect(boardKeyTarget('ArrowUp', false, at(2))).toBe(2);
  });

  it('down into a short last row lands on its last number', () => {
    expect(boardKeyTarget('ArrowDown', false, at(19))).toBe(22);
    expect(boardKeyTarget('ArrowDown', false, at(21))).toBe(21);
  });

  it('Home and End go to the ends of the row, with Ctrl to the ends of the board', () => {
    expect(boardKeyTarget('Home', false, at(13))).toBe(10);
    expect(boardKeyTarget('End', false, at(13))).toBe(14);
    expect(boardKeyTarget('End', false, at(21))).toBe(22);
    expect(boardKeyTarget('Home', true, at(13))).toBe(0);
    expect(boardKeyTarget('End', true, at(3))).toBe(22);
  });

  it('PageUp and PageDown move a viewport of rows in the same column', () => {
    expect(boardKeyTarget('PageDown', false, at(1))).toBe(11);
    expect(boardKeyTarget('PageDown', false, at(14))).toBe(22);
    expect(boardKeyTarget('PageUp', false, at(16))).toBe(6);
    expect(boardKeyTarget('PageUp', false, at(6))).toBe(1);
  });

  it('other keys are not the board’s', () => {
    expect(boardKeyTarget('Enter', false, at(3))).toBeNull();
    expect(boardKeyTarget('a', false, at(3))).toBeNull();
  });
});
