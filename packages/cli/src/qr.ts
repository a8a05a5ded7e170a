/** A QR code drawn with half-block characters, small enough for a terminal, for a phone to scan a link. */
export async function terminalQr(text: string): Promise<string> {
  // Loaded when a code is drawn, not at every start of the CLI.
  const { default: QRCode } = await import('qrcode');
  const drawn = await QRCode.toString(text, { type: 'terminal', small: true });
  // Its last row ends without a line break: what is written next would start beside it.
  return drawn.endsWith('\n') ? drawn : `${drawn}\n`;
}
