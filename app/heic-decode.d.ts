/** heic-decode ships no types: the one call app/server/quote/photo-encode.server.ts makes. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number
    height: number
    /** RGBA, 4 bytes a pixel. */
    data: Uint8ClampedArray
  }
  export default function decode(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<DecodedImage>
}
