import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build, type Plugin } from "vite";

// Build steps shared by the web app and the landing pages (decision 0017).

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

/**
 * Writes `.br` and `.gz` next to every compressible file of the build (public files included), so
 * the server sends compressed bytes without compressing on each request.
 */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "tumble-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of listFiles(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 512) continue;
        const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
        const gz = gzipSync(data, { level: 9 });
        // A compressed copy that is not smaller would only cost a header.
        if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * Adds `<link rel="modulepreload">` for a lazily loaded module and the chunks it needs beyond the
 * entry's own, so a screen the first visit nearly always shows (sign-in) downloads alongside the
 * entry instead of after it has run.
 */
export function preloadLazyModule(moduleSuffix: string): Plugin {
  return {
    name: "tumble-preload-lazy-module",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
        const target = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\\/g, "/").endsWith(moduleSuffix));
        if (!target) throw new Error(`No chunk for ${moduleSuffix}: the preload would silently do nothing`);
        const loaded = new Set<string>();
        for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
          loaded.add(entry.fileName);
          for (const name of entry.imports) loaded.add(name);
        }
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (loaded.has(fileName) || files.includes(fileName)) return;
          files.push(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === "chunk") chunk.imports.forEach(visit);
        };
        visit(target.fileName);
        return files.map((fileName) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: "", href: `/${fileName}` }, injectTo: "head" as const }));
      },
    },
  };
}

/**
 * Renders the signed-out sign-in screen at build time into index.html, beside #root, with the
 * stylesheet of its lazy chunk, so the form shows from the HTML before the bundle arrives. The boot
 * script hides it for a signed-in visitor or Spanish; the app removes it once it shows a screen.
 * Marked disabled until then (its fields are read-only, its buttons inert).
 */
export function prerenderSignIn(options: { module: string; cssOf: string }): Plugin {
  let root = "";
  return {
    name: "tumble-prerender-signin",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: "post",
      async handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        // Inside the project, so the render resolves the same packages as the app.
        fs.mkdirSync(path.join(root, "node_modules/.cache"), { recursive: true });
        const outDir = fs.mkdtempSync(path.join(root, "node_modules/.cache/tumble-prerender-"));
        try {
          // A server build of the same source, so CSS module class names match the browser build.
          await build({
            configFile: false,
            root,
            logLevel: "warn",
            oxc: { jsx: { runtime: "automatic", importSource: "react" } },
            build: { ssr: options.module, outDir, emptyOutDir: true, write: true, rolldownOptions: { output: { entryFileNames: "prerender.mjs" } } },
          });
          const { renderSignInPrerender } = (await import(pathToFileURL(path.join(outDir, "prerender.mjs")).href)) as { renderSignInPrerender(): string };
          const markup = renderSignInPrerender();
          const chunk = Object.values(bundle).find((item) => item.type === "chunk" && item.facadeModuleId?.replace(/\\/g, "/").endsWith(options.cssOf));
          const css = chunk?.type === "chunk" ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          if (css.length === 0) throw new Error(`No stylesheet for ${options.cssOf}: the prerendered screen would show unstyled`);
          const links = css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join("");
          const marker = '<div id="root"></div>';
          if (!html.includes(marker)) throw new Error("index.html has no empty #root to prerender beside");
          // The screen now paints once its stylesheets are in, so on a slow link they must not share
          // it with the bundle: its tags wait in a template that the boot script inserts once the
          // stylesheets have loaded (at once when the prerendered screen is hidden).
          const bundleTag = /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;
          const bundleTags = [...html.matchAll(bundleTag)].map((m) => m[0].trim());
          if (!bundleTags.some((tag) => tag.startsWith("<script"))) throw new Error("index.html has no module script to defer");
          const head = html.replace(bundleTag, "").replace("</head>", `${links}\n  </head>`);
          const template = `<template id="app-bundle">${bundleTags.join("")}</template>`;
          return head
            .replace(marker, `<div id="signin-prerender" role="group" aria-disabled="true">${markup}</div>${marker}`)
            .replace("</body>", `${template}\n  </body>`);
        } finally {
          fs.rmSync(outDir, { recursive: true, force: true });
        }
      },
    },
  };
}
