/** Hands a downloaded file to the browser as a download (an object URL on a temporary link), then frees it. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: free it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
