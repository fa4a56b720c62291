/**
 * The files the fake WhatsApp user sends (issue #30.7): a small PNG photo and a one-second Ogg Opus voice note, built
 * here byte by byte so no binary sits in the repository. Both are real files: a browser shows the photo and plays the
 * voice note (one second of silence).
 * PNG: https://www.w3.org/TR/png-3/. Ogg: RFC 3533. Opus in Ogg: RFC 7845. Opus packets: RFC 6716.
 */
import { deflateSync } from 'node:zlib';

const u32be = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};

// PNG chunks carry the CRC-32 of ISO 3309 (reflected, polynomial 0xEDB88320).
const pngCrcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function pngCrc(bytes: Buffer) {
  let c = 0xffffffff;
  for (const byte of bytes) c = pngCrcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
const pngChunk = (type: string, data: Buffer) => {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), typed, u32be(pngCrc(typed))]);
};

/** A 16 × 16 PNG in the brand's green with a white cross: a photo a tester can recognise in the console. */
export function fakePhotoPng(): Buffer {
  const size = 16;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x++) {
      const cross = (x >= 6 && x <= 9 && y >= 3 && y <= 12) || (y >= 6 && y <= 9 && x >= 3 && x <= 12);
      row.set(cross ? [255, 255, 255] : [0, 110, 80], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.concat([u32be(size), u32be(size), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// Ogg pages carry a CRC-32 with polynomial 0x04C11DB7, not reflected, starting from 0 (RFC 3533 §6).
const oggCrcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n << 24;
  for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
  return c >>> 0;
});
function oggCrc(bytes: Buffer) {
  let c = 0;
  for (const byte of bytes) c = ((c << 8) ^ oggCrcTable[((c >>> 24) ^ byte) & 0xff]!) >>> 0;
  return c >>> 0;
}

const OGG_SERIAL = 0x1e7a5eed;
const PRE_SKIP = 312;

/** One Ogg page holding whole packets (each under 255 bytes). */
function oggPage(packets: Buffer[], options: { sequence: number; granule: number; flags: number }) {
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[4] = 0; // version
  header[5] = options.flags;
  header.writeBigUInt64LE(BigInt(options.granule), 6);
  header.writeUInt32LE(OGG_SERIAL, 14);
  header.writeUInt32LE(options.sequence, 18);
  header[26] = packets.length;
  const page = Buffer.concat([header, Buffer.from(packets.map((packet) => packet.length)), ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** One second of mono Opus silence in Ogg, as WhatsApp records voice notes ('audio/ogg; codecs=opus'). */
export function fakeVoiceNoteOgg(): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt16LE(PRE_SKIP, 10);
  head.writeUInt32LE(48_000, 12); // the recording's rate, for information
  head.writeInt16LE(0, 16); // output gain
  head[18] = 0; // channel mapping family
  const vendor = Buffer.from('ilera fake provider', 'utf8');
  const tags = Buffer.concat([Buffer.from('OpusTags', 'latin1'), Buffer.alloc(4), vendor, Buffer.alloc(4)]);
  tags.writeUInt32LE(vendor.length, 8);
  // TOC 0xF8: CELT-only, full band, 20 ms, one frame; 0xFF 0xFE is the common encoding of a silent frame.
  const frames = Array.from({ length: 50 }, () => Buffer.from([0xf8, 0xff, 0xfe]));
  return Buffer.concat([
    oggPage([head], { sequence: 0, granule: 0, flags: 0x02 }),
    oggPage([tags], { sequence: 1, granule: 0, flags: 0 }),
    oggPage(frames, { sequence: 2, granule: PRE_SKIP + frames.length * 960, flags: 0x04 }),
  ]);
}
