/** What an upload really is, judged by its first bytes (the name and the browser's claim are ignored). */
export type DetectedFileType = { contentType: string; extension: string };

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: { type: DetectedFileType; matches: (bytes: Buffer) => boolean }[] = [
  {
    type: { contentType: 'image/jpeg', extension: 'jpg' },
    matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  },
  {
    type: { contentType: 'image/png', extension: 'png' },
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    type: { contentType: 'image/webp', extension: 'webp' },
    matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  },
  {
    type: { contentType: 'application/pdf', extension: 'pdf' },
    matches: (b) => startsWith(b, ascii('%PDF-')),
  },
];

export function detectFileType(bytes: Buffer): DetectedFileType | null {
  return SIGNATURES.find((s) => s.matches(bytes))?.type ?? null;
}

export const isImage = (type: DetectedFileType): boolean => type.contentType.startsWith('image/');
