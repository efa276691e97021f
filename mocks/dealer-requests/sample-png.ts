/**
 * The small real PNG (8-bit RGB) the dealership requests' example files are: a card with a coloured band on top, grey
 * text lines on white and a frame — what the photo viewer shows for the example requests.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A real PNG (8-bit RGB) of a card: a coloured band on top, grey text lines on white, a frame. What the photo viewer
 * shows for the example requests.
 */
export function samplePng(width: number, height: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const frame = x < 2 || y < 2 || x >= width - 2 || y >= height - 2;
      const band = y < height / 4;
      const line = !band && y % 12 < 4 && x > width / 10 && x < width * (0.5 + ((y * 7) % 40) / 100);
      const [pr, pg, pb] = frame || band ? [r, g, b] : line ? [150, 150, 150] : [255, 255, 255];
      row.writeUInt8(pr, 1 + x * 3);
      row.writeUInt8(pg, 2 + x * 3);
      row.writeUInt8(pb, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
