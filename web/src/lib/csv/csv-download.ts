// Hands CSV text to the browser as a file download (no server round trip: the rows are
// already in the page).
export function downloadCsv(fileName: string, text: string): void {
  // The BOM makes spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "fills-main-20240101-120000.csv": what, whose, when (local time). */
export function csvFileName(what: string, account: string | null, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${[what, account].filter(Boolean).join('-')}-${stamp}.csv`;
}
