import { expect } from 'vitest';
import type { RaffleSellers, SellerMe } from '../../../domain/seller-network';
import { makeUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';

/** A vendedor with a name and their seller code, as the seller network's tests use them. */
export type Seller = Awaited<ReturnType<typeof makeUser>> & { code: string };

export async function makeSeller(t: TestApp, admin: string, name: string): Promise<Seller> {
  const made = await makeUser(t, { role: 'vendedor' });
  await t.api('PATCH', `/api/users/${made.user.id}`, { token: admin, body: { full_name: name } });
  const me = await t.api<SellerMe>('GET', '/api/sellers/me', { token: made.token });
  expect(me.status).toBe(200);
  return { ...made, code: me.body.code };
}

/** `PUT /api/raffles/:id/sellers` as the admin: exactly these vendedores sell the raffle. */
export const assignSellers = (t: TestApp, admin: string, raffleId: string, ids: string[]) =>
  t.api<RaffleSellers>('PUT', `/api/raffles/${raffleId}/sellers`, {
    token: admin,
    body: { seller_ids: ids },
  });
