/** A file minified at build time into a script of its own; its path (build/script-file.ts). */
declare module '*?script-file' {
  const src: string
  export default src
}
