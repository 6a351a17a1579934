import { sql, type Kysely } from "kysely";

// - A second collection of a machine on one date above the company's amount needs a second
//   verifier: the first verifier's approval (with the reason) is kept on the collection until
//   another verifier completes it (issue 29).
// - A cash account an administrator names may go below zero (a safe that fronts change before the
//   bank run); every other refuses a draw, transfer or expense it cannot cover.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`alter table cash_settings add column duplicate_approval_cents bigint check (duplicate_approval_cents >= 0)`);
  await run(`alter table collections add column duplicate_approved_by text references users (id), add column duplicate_approved_at timestamptz`);
  await run(`alter table cash_accounts add column allow_negative boolean not null default false`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
