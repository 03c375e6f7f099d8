import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Receipt, receiptMessage, saleLine, toBase64 } from '../../../domain/verification';
import type { Executor } from '../../db/client';
import { appSettings } from '../../db/schema-operations';

/** Node's SHA-256 in the shape domain/verification.ts takes. */
export const nodeSha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

/** A sale as a receipt needs it. */
export type ReceiptSale = {
  raffleId: string;
  number: number;
  ticketNumber: string;
  verificationCode: string;
  buyerCedula: string | null;
  status: string;
  purchasedAt: Date | null;
  reservedUntil: Date | null;
};

/** The key kept in app_settings: the first instance's wins, every later start reads it. */
async function keptKey(db: Executor, fresh: string): Promise<string> {
  await db.insert(appSettings).values({ key: 'receipt_private_key', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'receipt_private_key'));
  return row?.value ?? fresh;
}

export type ReceiptKey = { algorithm: 'Ed25519'; public_key: string; spki_pem: string };

/**
 * Signs each sale's receipt (issue 19, decision 022): the raffle, the number, the committed line and
 * when it was sold, with an Ed25519 key made once and kept in app_settings like the JWT secret (or
 * RECEIPT_PRIVATE_KEY, a PKCS#8 PEM). Ed25519 is deterministic, so the receipt a buyer downloads
 * today and the one they download tomorrow are the same bytes while the sale is unchanged.
 */
export async function createReceiptSigner(db: Executor, configuredKey: string | null) {
  const pem =
    configuredKey ??
    (await keptKey(
      db,
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ));
  const privateKey: KeyObject = createPrivateKey(pem);
  const publicKey = createPublicKey(privateKey);
  // The raw 32-byte key is the last 32 bytes of its SPKI DER encoding.
  const raw = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }).subarray(-32));
  const key: ReceiptKey = {
    algorithm: 'Ed25519',
    public_key: toBase64(raw),
    spki_pem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };

  return {
    key,
    receiptFor(sale: ReceiptSale): Receipt {
      const body = {
        raffle_id: sale.raffleId,
        number: sale.number,
        line: saleLine(nodeSha256, {
          ticketNumber: sale.ticketNumber,
          verificationCode: sale.verificationCode,
          cedula: sale.buyerCedula,
        }),
        sold_at: (sale.purchasedAt ?? new Date(0)).toISOString(),
        held_until: sale.status === 'apartado' ? (sale.reservedUntil?.toISOString() ?? null) : null,
      };
      const signature = toBase64(new Uint8Array(sign(null, receiptMessage(body), privateKey)));
      return { version: 1, ...body, signature };
    },
  };
}

export type ReceiptSigner = Awaited<ReturnType<typeof createReceiptSigner>>;
