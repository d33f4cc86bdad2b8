// Saves a file in the browser (CSV and SIE exports, the validation report): a temporary object URL and a
// link with `download`, because a fetched file cannot be opened as a navigation.
import type { DownloadedFile } from './api-client';

export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
