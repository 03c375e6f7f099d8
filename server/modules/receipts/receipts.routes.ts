import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiptKeySchema } from '../../../domain/draw';
import type { ReceiptSigner } from './receipt-signer';

/** The public key that checks every buyer's receipt (docs/verification.md). */
export const receiptsRoutes =
  (deps: { receipts: ReceiptSigner }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/receipts/key',
      {
        schema: {
          operationId: 'getReceiptKey',
          summary: 'La clave pública Ed25519 que verifica los recibos firmados',
          response: { 200: receiptKeySchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return deps.receipts.key;
      },
    );
  };
