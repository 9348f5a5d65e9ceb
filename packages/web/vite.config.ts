import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { helpDocs } from "./help/plugin.ts";

/** Built into packages/web/dist, served by the embedded runtime and by the Web stack's CloudFront site. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), helpDocs()],
  // The root node_modules holds another React (a dependency of sst); the console must use one copy.
  resolve: { dedupe: ["react", "react-dom"] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Screens are lazy route components (src/router.tsx), one chunk each; the libraries every screen
        // shares get chunks of their own so a release that changes one screen keeps them cached.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            {
              name: "mantine",
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui)[\\/]/,
              priority: 2,
            },
            { name: "tanstack", test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
            // The note editor (Tiptap, ProseMirror) is only needed where notes are written or read.
            {
              name: "editor",
              test: /node_modules[\\/](@tiptap|@mantine[\\/]tiptap|prosemirror-[^\\/]+|linkifyjs)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/live": { target: "ws://localhost:3000", ws: true } },
  },
});
