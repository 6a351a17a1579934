import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { BACKUP_EXTENSION, BackupFileError, isWholeGzip, readManifest, type Manifest } from "./format.ts";

// The backup folder (BACKUP_DIR, by default DATA_DIR/backups): each backup is its file plus a small
// JSON note beside it (who took it, its status and progress while it runs, its size and counts).
// The note is what every process sharing the folder reads, so progress is seen whichever process
// serves the screen. A backup file copied in by hand, without a note, is listed from its manifest.
// Listing reads only names shaped like backups, notes that are small and well formed, and a
// manifest from a file's first megabyte: anything else in the folder (a stray download, a
// truncated copy, a file built to unpack to gigabytes) is left out and costs little
// (docs/decisions/0061-files-read-safely.md).

export type BackupSource = "manual" | "scheduled" | "command";
export type BackupStatus = "running" | "ready" | "failed";

export interface BackupNote {
  id: string;
  createdAt: string;
  createdBy: string | null;
  source: BackupSource | "file";
  status: BackupStatus;
  phase: string | null;
  /** 0..1 while running. */
  progress: number;
  error: string | null;
  /** Bytes of the finished file. */
  size: number | null;
  database: Manifest["database"] | null;
  migration: string | null;
  counts: { companies: number; users: number; rows: number } | null;
  updatedAt: string;
}

const ID = /^[a-z0-9][a-z0-9-]{5,80}$/;
/** A note still "running" but untouched this long belongs to a process that stopped. */
const STALE_MS = 2 * 60_000;
/** Notes and the schedule are a few hundred bytes; a larger file by their name is not one. */
const MAX_NOTE_BYTES = 64 * 1024;

export function isBackupId(id: string): boolean {
  return ID.test(id);
}

export function newBackupId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15).toLowerCase();
  return `backup-${stamp}-${randomBytes(3).toString("hex")}`;
}

export function backupFile(dir: string, id: string): string {
  if (!isBackupId(id)) throw new Error(`Invalid backup id ${id}`);
  return path.join(dir, `${id}${BACKUP_EXTENSION}`);
}

function noteFile(dir: string, id: string): string {
  return path.join(dir, `${id}.json`);
}

export function writeNote(dir: string, note: BackupNote): void {
  fs.mkdirSync(dir, { recursive: true });
  const file = noteFile(dir, note.id);
  // Written aside and renamed, so a reader never sees half a note.
  fs.writeFileSync(`${file}.tmp`, JSON.stringify({ ...note, updatedAt: new Date().toISOString() }));
  fs.renameSync(`${file}.tmp`, file);
}

function fileSize(file: string): number | null {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

/** A small regular file's text, or null (missing, a folder, too large, unreadable). */
function readSmallFile(file: string): string | null {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size > MAX_NOTE_BYTES) return null;
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

const STATUSES: ReadonlySet<string> = new Set(["running", "ready", "failed"]);
const isTime = (value: unknown) => typeof value === "string" && !Number.isNaN(Date.parse(value));

/** The backup's note when it is one this server wrote (its fields of the right kinds), else null. */
export function readNote(dir: string, id: string): BackupNote | null {
  const text = readSmallFile(noteFile(dir, id));
  if (text === null) return null;
  let note: Partial<BackupNote> | null;
  try {
    note = JSON.parse(text) as Partial<BackupNote> | null;
  } catch {
    return null;
  }
  if (!note || typeof note !== "object" || Array.isArray(note)) return null;
  if (note.id !== id || !STATUSES.has(note.status as string) || !isTime(note.createdAt) || !isTime(note.updatedAt)) return null;
  if (typeof note.progress !== "number" || (note.size !== null && typeof note.size !== "number")) return null;
  return note as BackupNote;
}

export function countsOf(manifest: Manifest): NonNullable<BackupNote["counts"]> {
  const rows = (name: string) => manifest.tables.find((t) => t.name === name)?.rows ?? 0;
  return { companies: rows("companies"), users: rows("users"), rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0) };
}

/** Every backup in the folder, newest first. `runningHere` names the job this process is running. */
export async function listBackups(dir: string, runningHere: string | null = null, now = Date.now()): Promise<BackupNote[]> {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const notes = new Map<string, BackupNote>();
  for (const name of names) {
    if (!name.endsWith(".json")) continue;
    const id = name.slice(0, -".json".length);
    if (!isBackupId(id)) continue;
    const note = readNote(dir, id);
    if (!note) continue;
    if (note.status === "running" && id !== runningHere && now - Date.parse(note.updatedAt) > STALE_MS) {
      notes.set(id, { ...note, status: "failed", error: "The backup was interrupted" });
    } else if (note.status === "ready") {
      // A finished backup's file is as long as its note says: a copy cut short is not offered as one.
      const size = fileSize(backupFile(dir, id));
      if (size === null) notes.set(id, { ...note, status: "failed", error: "The backup file is missing" });
      else if (note.size !== null && size !== note.size)
        notes.set(id, { ...note, status: "failed", error: `The backup file is incomplete: it has ${size} of its ${note.size} bytes` });
      else notes.set(id, note);
    } else notes.set(id, note);
  }
  for (const name of names) {
    if (!name.endsWith(BACKUP_EXTENSION)) continue;
    const id = name.slice(0, -BACKUP_EXTENSION.length);
    if (!isBackupId(id) || notes.has(id)) continue;
    const file = path.join(dir, name);
    try {
      const stat = fs.statSync(file);
      if (!stat.isFile()) continue;
      const manifest = await manifestOf(file, stat);
      notes.set(id, {
        id,
        createdAt: manifest.createdAt,
        createdBy: null,
        source: "file",
        status: "ready",
        phase: null,
        progress: 1,
        error: null,
        size: stat.size,
        database: manifest.database,
        migration: manifest.migration,
        counts: countsOf(manifest),
        updatedAt: manifest.createdAt,
      });
    } catch {
      // Not readable as a backup: restoring it would say why; listing just leaves it out.
    }
  }
  return [...notes.values()].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
}

/**
 * The manifest of a file with no note (copied in by hand), read for listing once its compressed
 * data is known to be whole: a copy cut short is not listed. Remembered by file, size and time of
 * change, so a file is read once.
 */
const manifests = new Map<string, { key: string; manifest: Promise<Manifest> }>();

function manifestOf(file: string, stat: fs.Stats): Promise<Manifest> {
  const key = `${stat.size}|${stat.mtimeMs}`;
  const known = manifests.get(file);
  if (known?.key === key) return known.manifest;
  if (manifests.size >= 1000) manifests.clear();
  const manifest = readManifest(file).then(async (read) => {
    if (!(await isWholeGzip(file))) throw new BackupFileError("The backup file is damaged or incomplete");
    return read;
  });
  manifests.set(file, { key, manifest });
  return manifest;
}

export function removeBackup(dir: string, id: string): boolean {
  const file = backupFile(dir, id);
  const existed = fs.existsSync(file) || fs.existsSync(noteFile(dir, id));
  fs.rmSync(file, { force: true });
  fs.rmSync(noteFile(dir, id), { force: true });
  return existed;
}

export interface Schedule {
  /** Hours between scheduled backups; 0 turns them off. */
  intervalHours: number;
  /** Scheduled backups kept; older ones are deleted (backups taken by hand never are). */
  keep: number;
}

export const DEFAULT_SCHEDULE: Schedule = { intervalHours: 0, keep: 7 };

export function readSchedule(dir: string): Schedule {
  try {
    const value = JSON.parse(readSmallFile(path.join(dir, "schedule.json")) ?? "null") as Partial<Schedule>;
    return {
      intervalHours: Number.isInteger(value.intervalHours) ? value.intervalHours! : DEFAULT_SCHEDULE.intervalHours,
      keep: Number.isInteger(value.keep) ? value.keep! : DEFAULT_SCHEDULE.keep,
    };
  } catch {
    return DEFAULT_SCHEDULE;
  }
}

export function writeSchedule(dir: string, schedule: Schedule): void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "schedule.json");
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(schedule));
  fs.renameSync(`${file}.tmp`, file);
}
