/**
 * 128 random bits as hex. `crypto.randomUUID` exists only in secure contexts, and the LAN desktop page may be
 * opened on a plain-http LAN address; `getRandomValues` exists everywhere.
 */
export const randomId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
