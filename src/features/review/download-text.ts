// Saving text the browser made as a file: a Blob URL clicked through a hidden link with `download`. The URL is
// revoked a little later, not at once: some browsers start reading it only after the click returns.

const REVOKE_AFTER_MS = 10_000;

export type DownloadText = (fileName: string, text: string, mimeType: string) => void;

export const downloadText: DownloadText = (fileName, text, mimeType) => {
  const url = URL.createObjectURL(new Blob([text], { type: `${mimeType};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
};
