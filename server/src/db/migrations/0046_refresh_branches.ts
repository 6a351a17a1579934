import { sql, type Kysely } from "kysely";

// A refresh token belongs to a branch of its session (issue 32): rotating starts the next branch,
// and a token handed out for a reuse within the grace window joins that next branch, so the first
// of the two to be used consumes the other. A reuse can no longer grow a lasting second session.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`alter table refresh_tokens add column branch_id text, add column next_branch_id text`);
  await run(`create index refresh_tokens_session_branch on refresh_tokens (session_id, branch_id) where branch_id is not null`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
