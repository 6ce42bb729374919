/**
 * A small PNG reader for screenshots (8-bit RGB or RGBA, not interlaced, as
 * Chromium writes them): chunks, zlib through node:zlib, the five row
 * filters undone. Enough to count what a screenshot shows; it refuses any
 * other kind of PNG rather than misread it.
 */
import { inflateSync } from 'node:zlib';

export interface Png {
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA) bytes a pixel, rows top to bottom. */
  channels: number;
  pixels: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function readPng(file: Buffer): Png {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let at = 8;
  let header: Buffer | undefined;
  const data: Buffer[] = [];
  while (at < file.length) {
    const length = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') header = body;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!header) throw new Error('PNG without IHDR');
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [depth, colour, , , interlace] = [header[8], header[9], header[10], header[11], header[12]];
  if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0)
    throw new Error(`PNG kind not read here: depth ${depth}, colour type ${colour}, interlace ${interlace}`);
  const channels = colour === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[out + x - channels]! : 0;
      const b = y > 0 ? pixels[out - stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[out - stride + x - channels]! : 0;
      let predicted: number;
      if (filter === 0) predicted = 0;
      else if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else throw new Error(`PNG row filter ${filter}`);
      pixels[out + x] = (row[x]! + predicted) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** Each pixel that stands out from `background` (text, badges, bars): a mask, 1 where it does. */
export function inkMask(png: Png, background: [number, number, number], threshold = 60): Uint8Array {
  const mask = new Uint8Array(png.width * png.height);
  for (let i = 0; i < mask.length; i++) {
    const p = i * png.channels;
    const d = Math.max(
      Math.abs(png.pixels[p]! - background[0]),
      Math.abs(png.pixels[p + 1]! - background[1]),
      Math.abs(png.pixels[p + 2]! - background[2]),
    );
    mask[i] = d > threshold ? 1 : 0;
  }
  return mask;
}
