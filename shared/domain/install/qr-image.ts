// domain → the QR code of an activation code as a PNG data URL. qrcode encodes the symbol and lays out its pixels
// (the same image its toDataURL() draws); node:zlib writes the PNG, so a bundle carries neither qrcode's other
// renderers nor pngjs (about 38 KiB and 5 ms of load CPU).
import { crc32, deflateSync } from 'node:zlib';
import qrcode from 'qrcode/lib/core/qrcode.js';
import qrcodeLayout from 'qrcode/lib/renderer/utils.js';

/** Decision F37: 320 px, error correction M, a two-module quiet zone. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2, width: 320 } as const;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GRAYSCALE = 0;
const NO_FILTER = 0;

const chunk = (type: string, data: Buffer): Buffer => {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framed = Buffer.alloc(typeAndData.length + 8);
  framed.writeUInt32BE(data.length, 0);
  typeAndData.copy(framed, 4);
  framed.writeUInt32BE(crc32(typeAndData), framed.length - 4);
  return framed;
};

/** An 8-bit grayscale PNG of a square RGBA image whose pixels are gray (the QR code is black on white). */
const grayscalePng = (rgba: Uint8Array, side: number): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, GRAYSCALE, 0, 0, 0], 8);
  const rows = Buffer.alloc(side * (side + 1));
  for (let y = 0; y < side; y++) {
    rows[y * (side + 1)] = NO_FILTER;
    for (let x = 0; x < side; x++) rows[y * (side + 1) + 1 + x] = rgba[(y * side + x) * 4]!;
  }
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
};

/** The QR code of `text` as a `data:image/png;base64,…` URL. */
export const qrPngDataUrl = (text: string): string => {
  const symbol = qrcode.create(text, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel });
  const layout = qrcodeLayout.getOptions({ margin: QR_OPTIONS.margin, width: QR_OPTIONS.width });
  const side = qrcodeLayout.getImageWidth(symbol.modules.size, layout);
  const rgba = new Uint8Array(side * side * 4);
  qrcodeLayout.qrToImageData(rgba, symbol, layout);
  return `data:image/png;base64,${grayscalePng(rgba, side).toString('base64')}`;
};
