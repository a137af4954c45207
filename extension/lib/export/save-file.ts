/**
 * Saves text (or bytes) as a file the way a page's download link does (no "downloads" permission needed): a Blob URL
 * on an `<a download>` clicked once, revoked after the browser has taken it.
 */
export function saveFile(name: string, type: string, text: string | Uint8Array<ArrayBuffer>, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  doc.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
