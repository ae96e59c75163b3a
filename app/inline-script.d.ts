/** A file minified at build time into the text of an inline <script> (build/inline-script.ts). */
declare module '*?inline-script' {
  const source: string
  export default source
}
