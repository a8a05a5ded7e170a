import QRCode from 'qrcode';

/** A QR code drawn with half-block characters, small enough for a terminal, for a phone to scan a link. */
export function terminalQr(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'terminal', small: true });
}
