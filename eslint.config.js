import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** The app shell (web/src/app) imports the features; a feature climbing to it would make a cycle. */
const NO_APP_SHELL = { regex: "^(\\.\\./)+app(/|$)", message: "Features do not import the app shell (web/src/app): move what they share to lib or ui." };
/** The app sees the server only through the generated Api type: its type check reads that type's declarations, never server sources. */
const NO_SERVER = {
  regex: "^@tumble/server/(?!_generated/api$)",
  message: "The web app sees the server only through @tumble/server/_generated/api (its functions' types); shared rules live in @tumble/domain.",
};

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
    // Product code only: tests and benchmarks work their figures out on their own.
    files: ["server/src/**/*.ts", "web/src/**/*.{ts,tsx}", "landing/src/**/*.{ts,tsx}", "packages/domain/src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      // Money is integer cents; dollars are written only by the domain's helpers (money.ts), exact
      // at any size, never by floating-point division (issue 33).
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='toFixed'] > MemberExpression > BinaryExpression[operator='/'][right.value=100]",
          message: "Write cents as dollars with centsToDollarString or formatUSD (@tumble/domain/money), not (cents / 100).toFixed().",
        },
      ],
    },
  },
  {
    // Screens print dates, times, hours and counts only through the domain's helpers (dateFormat.ts,
    // numberFormat.ts), so one figure reads the same on every screen and in both languages (issue 33).
    files: ["web/src/**/*.{ts,tsx}", "landing/src/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='toFixed'] > MemberExpression > BinaryExpression[operator='/'][right.value=100]",
          message: "Write cents as dollars with centsToDollarString or formatUSD (@tumble/domain/money), not (cents / 100).toFixed().",
        },
        {
          selector: "MemberExpression[object.name='Intl'][property.name=/^(DateTimeFormat|NumberFormat|RelativeTimeFormat)$/]",
          message: "Format dates, times and numbers with the domain's helpers (@tumble/domain/dateFormat, numberFormat), not Intl directly.",
        },
        {
          selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
          message: "Format dates, times and numbers with the domain's helpers (@tumble/domain/dateFormat, numberFormat), not toLocaleString.",
        },
      ],
    },
  },
  {
    // No component over 250 lines (issue 33: components split into named parts).
    files: ["web/src/**/*.tsx", "landing/src/**/*.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 250, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["web/**/*.{ts,tsx}", "landing/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests start a real server, so they may import it.
    files: ["web/src/**/*.{ts,tsx}", "landing/src/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "web/src/lib/testServer.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [NO_SERVER] }] },
  },
  // Features never import each other: a relative path that climbs out of the file's own
  // features/<area>/ folder may lead only to shared code (lib, ui), never to another area; and
  // never to the app shell (web/src/app), which imports the features (decision 0064).
  ...fs.readdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "web/src/features")).flatMap((area) => [
    {
      files: [`web/src/features/${area}/*.{ts,tsx}`],
      rules: {
        "no-restricted-imports": [
          "error",
          { patterns: [{ regex: "^\\.\\./(?!\\.\\.)[^/]+/", message: "Features do not import each other." }, NO_APP_SHELL, NO_SERVER] },
        ],
      },
    },
    {
      files: [`web/src/features/${area}/*/*.{ts,tsx}`],
      rules: {
        "no-restricted-imports": [
          "error",
          { patterns: [{ regex: `^\\.\\./\\.\\./(?!\\.\\.|${area}/)[^/]+/`, message: "Features do not import each other." }, NO_APP_SHELL, NO_SERVER] },
        ],
      },
    },
    {
      files: [`web/src/features/${area}/*/*/**/*.{ts,tsx}`],
      rules: { "no-restricted-imports": ["error", { patterns: [NO_APP_SHELL, NO_SERVER] }] },
    },
  ]),
);
