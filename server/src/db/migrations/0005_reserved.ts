// Number 0005 was never used while 0006 and later were applied; this empty migration closes the
// gap so the numbers run without one. Databases that already ran 0006 record it as applied
// without running it (EMPTY_GAP_MIGRATIONS in db/migrate.ts).
export async function up(): Promise<void> {}

export async function down(): Promise<void> {}
