import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every domain owns its tables in domains/<d>/<d>.schema.ts (a domain may have more than one).
  schema: './packages/server/src/domains/*/*.schema.ts',
  out: './packages/server/drizzle',
  casing: 'snake_case',
});
