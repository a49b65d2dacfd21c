const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * The same 16 bytes spelt with another last character: in base64url the last of 22
 * characters carries four spare bits, and this changes one of them. A signature check
 * that compares decoded bytes lets it through.
 */
export function respelt(signature: string): string {
  const last = BASE64URL.indexOf(signature.at(-1) as string);
  return `${signature.slice(0, -1)}${BASE64URL[last ^ 1]}`;
}
