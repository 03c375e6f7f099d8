/** Saves a blob under `fileName` through a temporary `<a download>` (exports fetched with the token). */
export function saveFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; free it once the click is handled.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
