import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  // The load budget (150 KB gzip of initial JS) is measured by `npm run bench`; Vite's raw-size
  // warning would only repeat it less precisely on every start.
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 600 },
  server: { host: "127.0.0.1" },
});
