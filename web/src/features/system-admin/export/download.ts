import { authStore } from "../../../lib/auth";

/**
 * Saves a file only a system admin may read (/backup-files/:id, /export-files/:id). The routes
 * want the bearer token (a link cannot send it), so the file is fetched and handed to the browser.
 */
export async function downloadAdminFile(url: string, fileName: string): Promise<void> {
  const token = authStore.getToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(await response.text());
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = objectUrl;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

export const downloadExport = (id: string, fileName: string) => downloadAdminFile(`/export-files/${encodeURIComponent(id)}`, fileName);
