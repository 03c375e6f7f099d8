import { describe, expect, it } from 'vitest';
import {
  dropSlot,
  moveSlot,
  pendingSlots,
  sameUrls,
  settleSlot,
  slotsFromUrls,
  slotUrls,
} from './photo-slots';

describe('photo slots', () => {
  it('keep the order picked when uploads finish out of order', () => {
    const picked = pendingSlots(3);
    const [first, second, third] = picked.map((slot) => slot.key) as [string, string, string];
    let slots = settleSlot(picked, third, '/api/files/3.png');
    expect(slotUrls(slots)).toEqual(['/api/files/3.png']);
    slots = settleSlot(slots, first, '/api/files/1.png');
    slots = settleSlot(slots, second, '/api/files/2.png');
    expect(slotUrls(slots)).toEqual(['/api/files/1.png', '/api/files/2.png', '/api/files/3.png']);
  });

  it('append new picks after the saved photos', () => {
    const slots = [...slotsFromUrls(['/a', '/b']), ...pendingSlots(1)];
    const key = slots[2]?.key ?? '';
    expect(slotUrls(settleSlot(slots, key, '/c'))).toEqual(['/a', '/b', '/c']);
  });

  it('move a photo before or after, clamped at the ends', () => {
    const slots = slotsFromUrls(['/a', '/b', '/c']);
    expect(slotUrls(moveSlot(slots, 2, 0))).toEqual(['/c', '/a', '/b']);
    expect(slotUrls(moveSlot(slots, 0, 1))).toEqual(['/b', '/a', '/c']);
    expect(slotUrls(moveSlot(slots, 0, -1))).toEqual(['/a', '/b', '/c']);
    expect(slotUrls(moveSlot(slots, 2, 9))).toEqual(['/a', '/b', '/c']);
    expect(slotUrls(moveSlot(slots, 5, 0))).toEqual(['/a', '/b', '/c']);
  });

  it('drop a photo and compare with the form', () => {
    const slots = slotsFromUrls(['/a', '/b']);
    const rest = dropSlot(slots, slots[0]?.key ?? '');
    expect(slotUrls(rest)).toEqual(['/b']);
    expect(sameUrls([...rest, ...pendingSlots(1)], ['/b'])).toBe(true);
    expect(sameUrls(rest, ['/a'])).toBe(false);
  });
});
