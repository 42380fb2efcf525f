import { defineConfig } from "drizzle-kit";

/** drizzle-kit generates the store's SQL migrations from its schema (`npm run db:generate`). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/store/schema.ts",
  out: "./src/server/store/migrations",
});
