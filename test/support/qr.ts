// test support → reads a QR code back from a PNG data URL, as a phone camera would.
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export const decodeQr = (dataUrl: string): string | undefined => {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
};
