/** heic-decode ships no types: the calls app/features/leads/photo-encode.server.ts makes. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number
    height: number
    /** RGBA, 4 bytes a pixel. */
    data: Uint8ClampedArray
  }
  /** Every image in the file, its size read from the header; nothing decoded until `decode()`. */
  type HeifImages = Array<{ width: number; height: number; decode(): Promise<DecodedImage> }> & {
    dispose(): void
  }
  export default function decode(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<DecodedImage>
  export function all(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<HeifImages>
}
