// The QR image: qrcode's own symbol and pixel layout, written as a PNG without qrcode's renderers.
import QRCode from 'qrcode';
import { PNG } from 'pngjs';
import { qrPngDataUrl } from '#shared/domain/install/qr-image';
import { decodeQr } from '#test/support/qr';

const pixelsOf = (dataUrl: string) => {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return { width: png.width, height: png.height, rgba: png.data };
};

describe('QR image', () => {
  it.each([
    ['a short activation code', 'LPA:1$smdp.example-esim.com$K2-1A2B3C-4D5E6F'],
    ['one with a long matching id', `LPA:1$rsp.truphone.com$${'QR-G-5C-1LS-'.repeat(8)}1H2K`],
    ['one that asks for a confirmation code', 'LPA:1$smdp.example.com$ABC-123$$1'],
  ])('draws %s pixel for pixel as qrcode.toDataURL() does, and scans back', async (_, code) => {
    const reference = pixelsOf(await QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 2, width: 320 }));

    const dataUrl = qrPngDataUrl(code);

    const image = pixelsOf(dataUrl);
    expect({ width: image.width, height: image.height }).toEqual({ width: 320, height: 320 });
    expect(image.rgba.equals(reference.rgba)).toBe(true);
    expect(decodeQr(dataUrl)).toBe(code);
  });

  it('is a smaller file than the RGBA image it replaces', async () => {
    const code = 'LPA:1$smdp.example-esim.com$K2-1A2B3C-4D5E6F';
    const reference = await QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 2, width: 320 });

    expect(qrPngDataUrl(code).length).toBeLessThan(reference.length);
  });
});
