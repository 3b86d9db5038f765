/** http_ece ships no types; the one call the local push service makes (tests/support/push-service.ts). */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: {
    decrypt(
      buffer: Buffer,
      params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer },
    ): Buffer;
  };
  export default ece;
}
