import { fileURLToPath } from "node:url";
import { defineConfig, loadEnv } from "vite";
import { precompress, preloadLazyModule, prerenderSignIn } from "./vite.plugins.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

// The staff web app. JSX is compiled by Vite's built-in oxc transform (automatic runtime).
// The dev server forwards /api (HTTP and the live-query socket) to TUMBLE_API_URL, by default the
// local server on port 3000.
export default defineConfig(({ mode }) => {
  const apiTarget = loadEnv(mode, root, "TUMBLE_").TUMBLE_API_URL || "http://localhost:3000";
  const proxy = { "/api": { target: apiTarget, changeOrigin: true, ws: true } };
  return {
    root,
    base: "/",
    publicDir: "public",
    plugins: [
      preloadLazyModule("/src/features/auth/SignInScreen.tsx"),
      prerenderSignIn({ module: "src/features/auth/SignInPrerender.tsx", cssOf: "/src/features/auth/SignInScreen.tsx" }),
      precompress(),
    ],
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
      // No public source maps (decision 0017).
      sourcemap: false,
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
              // Mantine and the router split by use, not one chunk each: the sign-in screen's first
              // load carries only the components it shows and no router (docs/decisions/0022).
              { name: "query", test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
              { name: "i18n", test: /node_modules[\\/](i18next|react-i18next|i18next-[a-z-]+)[\\/]/ },
            ],
          },
        },
      },
    },
    server: { port: 5173, strictPort: true, proxy },
    preview: { port: 4173, proxy },
  };
});
