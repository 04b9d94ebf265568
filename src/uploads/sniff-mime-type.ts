// The first bytes of the formats an allow-list usually names. A file that starts like none of
// them (text, CSV, JSON, most documents) keeps the type its client declared.
const SIGNATURES: { type: string; offset: number; bytes: number[] }[] = [
  { type: 'image/png', offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', offset: 0, bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', offset: 0, bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: 'image/webp', offset: 8, bytes: [0x57, 0x45, 0x42, 0x50] },
  { type: 'application/pdf', offset: 0, bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'application/zip', offset: 0, bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: 'application/gzip', offset: 0, bytes: [0x1f, 0x8b] },
  { type: 'application/x-msdownload', offset: 0, bytes: [0x4d, 0x5a] },
  { type: 'application/x-executable', offset: 0, bytes: [0x7f, 0x45, 0x4c, 0x46] },
];

/** The type a file's first bytes show, when they match a known signature. */
export function sniffMimeType(head: Buffer): string | undefined {
  for (const { type, offset, bytes } of SIGNATURES) {
    if (head.length < offset + bytes.length) continue;
    if (bytes.every((byte, i) => head[offset + i] === byte)) return type;
  }
  return undefined;
}
