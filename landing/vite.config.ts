import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { precompress } from "../web/vite.plugins.ts";

// The public campaign pages: their own small bundle, served by the server under /landing/ and
// opened at /marketing/{campaignId} and /marketing-demo.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/landing/",
  plugins: [precompress()],
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  resolve: { alias: { react: "preact/compat", "react-dom": "preact/compat" } },
  build: { outDir: "dist", emptyOutDir: true, target: "es2020", sourcemap: false },
  server: { port: 5174, proxy: { "/api": { target: "http://localhost:3000", ws: true } } },
});
