import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

// The staff web app. JSX is compiled by Vite's built-in oxc transform (automatic runtime).
export default defineConfig({
  root,
  base: "/",
  publicDir: "public",
  oxc: {
    jsx: { runtime: "automatic", importSource: "react" },
  },
  resolve: {
    // Mantine packages are installed at two levels of the workspace; one copy of each keeps a
    // single theme context.
    dedupe: ["react", "react-dom", "@mantine/core", "@mantine/hooks", "@mantine/store"],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      onwarn(warning, warn) {
        // Mantine ships "use client" markers, which mean nothing in a client-only bundle.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "mantine", test: /node_modules[\\/]@mantine[\\/]/ },
            { name: "tanstack", test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: "i18n", test: /node_modules[\\/](i18next|react-i18next|i18next-[a-z-]+)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: true, ws: true },
    },
  },
});
