import { config } from "zod";

// Zod compiles object parsers with `new Function` when it can, and probing for that is refused by
// the Content-Security-Policy (no 'unsafe-eval', decision 0017): parse without it in the browser.
config({ jitless: true });
