import { sql, type Kysely } from "kysely";

// A swap is offered to the coworker first (issue 31): 'offered' until they accept (then 'pending'
// for an approver) or decline ('declined'); when and why they answered is kept.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`alter table requests drop constraint requests_status_check`);
  await run(
    `alter table requests add constraint requests_status_check check (status in ('offered', 'pending', 'approved', 'denied', 'declined', 'cancelled'))`,
  );
  await run(`alter table requests add column responded_at timestamptz, add column response_reason text check (length(response_reason) <= 500)`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
