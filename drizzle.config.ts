import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts',
    './server/db/schema-money.ts',
    './server/db/schema-prizes.ts',
    './server/db/schema-operations.ts',
    './server/db/schema-sellers.ts',
    './server/db/schema-reconciliation.ts',
  ],
  out: './server/db/migrations',
});
