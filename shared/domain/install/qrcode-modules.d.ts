// Types of the two qrcode modules the QR image reads directly (@types/qrcode types only the package's main module,
// which also loads every renderer and pngjs).
declare module 'qrcode/lib/core/qrcode.js' {
  import type { QRCode, QRCodeOptions } from 'qrcode';

  const core: { create(text: string, options?: QRCodeOptions): QRCode };
  export default core;
}

declare module 'qrcode/lib/renderer/utils.js' {
  import type { QRCode, QRCodeRenderersOptions } from 'qrcode';

  interface RendererOptions {
    readonly margin: number;
    readonly width: number | undefined;
  }
  const utils: {
    getOptions(options: QRCodeRenderersOptions): RendererOptions;
    getImageWidth(qrSize: number, options: RendererOptions): number;
    qrToImageData(rgba: Uint8Array, qr: QRCode, options: RendererOptions): void;
  };
  export default utils;
}
