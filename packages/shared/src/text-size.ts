/**
 * Bytes `text` takes in UTF-8, as the database stores it, counted without encoding a copy: text limits
 * are on stored bytes, and a JavaScript length counts UTF-16 units (one for "é", two for "😀").
 * A lone surrogate counts 3, the replacement character it is stored as.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit < 0xe000;
}
