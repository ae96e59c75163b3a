/** A file minified at build time into the text of an inline <script> (vite.config.ts, inlineScript()). */
declare module '*?inline-script' {
  const source: string
  export default source
}
