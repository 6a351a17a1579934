/** A file the server sends as base64: a statement or P&L PDF, a provider CSV. */
export interface ServerFile {
  fileName: string;
  contentType: string;
  base64: string;
}

/** Saves a file the server sent as base64 through a temporary link. */
export function saveFile(file: ServerFile): void {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const a = document.createElement("a");
  a.href = url;
  a.download = file.fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
