import { expect } from 'chai';
import { sniffMimeType } from '../../../src/uploads/sniff-mime-type';

describe('sniffMimeType', () => {
  it('names the formats whose signature the first bytes show', () => {
    const cases: [number[], string][] = [
      [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
      [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
      [[...Buffer.from('GIF89a')], 'image/gif'],
      [[...Buffer.from('RIFF\0\0\0\0WEBPVP8 ')], 'image/webp'],
      [[...Buffer.from('%PDF-1.4')], 'application/pdf'],
      [[0x50, 0x4b, 0x03, 0x04], 'application/zip'],
      [[0x1f, 0x8b, 0x08], 'application/gzip'],
      [[...Buffer.from('MZ\x90\0')], 'application/x-msdownload'],
      [[0x7f, ...Buffer.from('ELF')], 'application/x-executable'],
    ];
    for (const [bytes, type] of cases) expect(sniffMimeType(Buffer.from(bytes)), type).to.equal(type);
  });

  it('names nothing for text and unknown or too short starts', () => {
    for (const start of ['hello, world', 'id,name\n1,a', '{"a":1}', '%PD', 'RIFF\0\0\0\0WAVE'])
      expect(sniffMimeType(Buffer.from(start)), start).to.equal(undefined);
  });
});
