/**
 * Hands a downloaded file to the browser under `name` through a temporary link. Works for any API
 * host: the bytes were fetched with the token, so no address with credentials is ever opened.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
