import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { helpDocs } from "./help/plugin.ts";

/** Built into packages/web/dist, served by the embedded runtime and by the Web stack's CloudFront site. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), helpDocs()],
  // The root node_modules holds another React (a dependency of sst); the console must use one copy.
  resolve: { dedupe: ["react", "react-dom"] },
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
