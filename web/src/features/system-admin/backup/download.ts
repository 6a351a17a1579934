import { downloadAdminFile } from "../export/download";

/** Saves a backup file. */
export const downloadBackup = (id: string, fileName: string) => downloadAdminFile(`/backup-files/${encodeURIComponent(id)}`, fileName);
