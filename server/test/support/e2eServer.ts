import fs from "node:fs";
import path from "node:path";
import { pgliteTemplate } from "./globalSetup.ts";
import { ROOT, templateKey } from "./templateKey.ts";

// The browser suite's server: a fresh copy of the migrated, seeded template the integration tests
// use (built here when this run has none yet), then the real server on it. Copying takes a second
// where seeding the demo from scratch took one to two minutes on a loaded two-core machine.

const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? ".tmp/e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
fs.rmSync(`${dataDir}.lock`, { force: true });
fs.mkdirSync(path.dirname(dataDir), { recursive: true });
fs.cpSync(await pgliteTemplate(templateKey()), dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
await import("../../src/main.ts");
