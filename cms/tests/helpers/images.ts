import { crc32, createDeflate } from 'node:zlib';
import sharp from 'sharp';

/** GPS position written into the test photos (Neuquén), as EXIF rationals. */
export const GPS = { GPSLatitudeRef: 'S', GPSLatitude: '38/1 57/1 5412/100', GPSLongitudeRef: 'W', GPSLongitude: '68/1 3/1 3600/100' };

/**
 * A 300 x 200 photo of noise as a phone would send it: low-quality JPEG (so that re-encoding it at a higher quality
 * makes it bigger, the case where Strapi's own optimisation keeps the original), camera make and model, GPS
 * position, and EXIF orientation 6 (the picture must be turned 90° to be upright, i.e. shown 200 x 300).
 */
export async function phonePhoto(): Promise<Buffer> {
  const width = 300;
  const height = 200;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 10 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'Motorola', Model: 'moto g84' }, IFD3: GPS })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The zlib stream of `rows` rows of `width` zero bytes, each after its filter byte 0, compressed block by block. */
async function zeroRows(width: number, rows: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (data: Buffer) => out.push(data));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const rowsPerBlock = Math.max(1, Math.floor(8_000_000 / (width + 1)));
  const block = Buffer.alloc(rowsPerBlock * (width + 1));
  for (let written = 0; written < rows; written += rowsPerBlock) {
    const count = Math.min(rowsPerBlock, rows - written);
    const accepted = deflate.write(block.subarray(0, count * (width + 1)));
    if (!accepted) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/**
 * A complete, valid grey-scale PNG of `width` x `height` black pixels: a decompression bomb. Its rows compress to
 * almost nothing (30000 x 30000 is under 1 MB), but decoding it costs width x height bytes of memory and CPU time.
 */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey), compression, filter and interlace 0
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', await zeroRows(width, height)), chunk('IEND', Buffer.alloc(0))]);
}
