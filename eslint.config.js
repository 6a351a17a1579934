import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "data/**", ".tmp/**", "test-results/**", "playwright-report/**", "server/src/_generated/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}", "landing/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Features never import each other: a relative path that climbs out of the file's own
  // features/<area>/ folder may lead only to shared code (lib, ui, app), never to another area.
  ...fs.readdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "web/src/features")).flatMap((area) => [
    {
      files: [`web/src/features/${area}/*.{ts,tsx}`],
      rules: { "no-restricted-imports": ["error", { patterns: [{ regex: "^\\.\\./(?!\\.\\.)[^/]+/", message: "Features do not import each other." }] }] },
    },
    {
      files: [`web/src/features/${area}/*/*.{ts,tsx}`],
      rules: {
        "no-restricted-imports": [
          "error",
          { patterns: [{ regex: `^\\.\\./\\.\\./(?!\\.\\.|${area}/)[^/]+/`, message: "Features do not import each other." }] },
        ],
      },
    },
  ]),
);
