import { authStore } from "../../../lib/auth";

/**
 * Saves a backup file. The route wants the bearer token (a link cannot send it), so the file is
 * fetched and handed to the browser as a download.
 */
export async function downloadBackup(id: string, fileName: string): Promise<void> {
  const token = authStore.getToken();
  const response = await fetch(`/backup-files/${encodeURIComponent(id)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(await response.text());
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
