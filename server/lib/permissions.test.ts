import { describe, expect, it } from 'vitest';
import type { AuthContext } from './auth-context';
import { allows, assertCan, can, managedRaffles, type RaffleAction, relationTo } from './permissions';

const actor = (role: AuthContext['role'], userId = 'u-1'): AuthContext => ({
  userId,
  sessionId: 's',
  email: `${userId}@test.local`,
  role,
});
const admin = actor('admin', 'admin-1');
const owner = actor('vendedor', 'seller-1');
const assigned = actor('vendedor', 'seller-2');
const otherSeller = actor('vendedor', 'seller-3');
const raffle = { sellerId: 'seller-1', assignedSellerIds: ['seller-2'] };

describe('who may act on a raffle', () => {
  it('tells how each actor stands to the raffle', () => {
    expect(relationTo(admin, raffle)).toBe('admin');
    expect(relationTo(owner, raffle)).toBe('owner');
    expect(relationTo(assigned, raffle)).toBe('assigned');
    expect(relationTo(otherSeller, raffle)).toBe('none');
    expect(relationTo(undefined, raffle)).toBe('none');
    expect(relationTo(actor(null, 'seller-1'), raffle)).toBe('none'); // no role: no rights, even as seller_id
  });

  it('lets the owner and admins edit; assigned sellers work the sales only; nobody else anything', () => {
    const table = (action: RaffleAction) =>
      [admin, owner, assigned, otherSeller, undefined].map((a) => can(a, action, raffle));
    expect(table('view')).toEqual([true, true, true, false, false]);
    expect(table('edit')).toEqual([true, true, false, false, false]);
    expect(table('manage-sales')).toEqual([true, true, true, false, false]);
  });

  it('refuses with a 403 that a screen may word its own way', () => {
    expect(() => assertCan(otherSeller, 'edit', raffle)).toThrow(
      expect.objectContaining({ statusCode: 403, code: 'NOT_YOUR_RAFFLE' }),
    );
    expect(() => assertCan(owner, 'edit', raffle)).not.toThrow();
    expect(() => assertCan(undefined, 'view', raffle, () => new Error('otra'))).toThrow('otra');
  });

  it('keeps choosing sellers, deleting and archiving raffles to admins', () => {
    expect([admin, owner, undefined].map((a) => allows(a, 'assign-seller'))).toEqual([true, false, false]);
    expect([admin, owner, undefined].map((a) => allows(a, 'delete-raffle'))).toEqual([true, false, false]);
    expect([admin, owner, undefined].map((a) => allows(a, 'archive-raffle'))).toEqual([true, false, false]);
  });

  it('scopes queries over many raffles to those the actor manages', () => {
    expect(managedRaffles(admin)).toEqual({ kind: 'all' });
    expect(managedRaffles(owner)).toEqual({ kind: 'managed-by', userId: 'seller-1' });
    expect(managedRaffles(undefined)).toEqual({ kind: 'none' });
  });
});
