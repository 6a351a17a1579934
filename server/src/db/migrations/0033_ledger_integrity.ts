import { sql, type Kysely } from "kysely";

// The ledger's promises kept by the database itself (issue 29), so that no handler, script or
// person with SQL access can break them by mistake:
// - a ledger line, once posted, is never edited, and no line is ever deleted (a mistake is
//   reversed by a new entry). Before posting, only its place in the account (seq, balance after,
//   posted at) may be filled in; its account, amount, entry, store and date never change.
// - every journal entry sums to zero over at least two lines, checked when the transaction that
//   wrote it commits (a deferred constraint trigger: an entry's lines are inserted one by one).
// - the audit log is append-only.
// Restores (session_replication_role = replica) and the demo reset (which switches user triggers
// off for its own deletes) are the only writers that bypass them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`create function cash_entries_guard() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        raise exception 'Ledger lines are never deleted: reverse the entry instead' using errcode = 'restrict_violation';
      end if;
      if old.seq is not null then
        raise exception 'A posted ledger line is never edited: reverse the entry instead' using errcode = 'restrict_violation';
      end if;
      if (new.id, new.company_id, new.transaction_id, new.account_id, new.amount_cents, new.store_id, new.business_date)
         is distinct from (old.id, old.company_id, old.transaction_id, old.account_id, old.amount_cents, old.store_id, old.business_date) then
        raise exception 'A ledger line''s account, amount and entry are never edited' using errcode = 'restrict_violation';
      end if;
      return new;
    end $$`);
  await run(`create trigger cash_entries_guard before update or delete on cash_entries for each row execute function cash_entries_guard()`);

  await run(`create function cash_entries_balanced() returns trigger language plpgsql as $$
    declare
      total bigint;
      lines int;
    begin
      select coalesce(sum(amount_cents), 0), count(*) into total, lines
        from cash_entries where company_id = new.company_id and transaction_id = new.transaction_id;
      if total <> 0 or lines < 2 then
        raise exception 'Journal entry % does not balance: % lines summing to % cents', new.transaction_id, lines, total
          using errcode = 'check_violation', constraint = 'cash_entries_balanced';
      end if;
      return null;
    end $$`);
  await run(`create constraint trigger cash_entries_balanced after insert on cash_entries
    deferrable initially deferred for each row execute function cash_entries_balanced()`);

  await run(`create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'The audit log is never edited or deleted' using errcode = 'restrict_violation';
    end $$`);
  await run(`create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_append_only()`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
