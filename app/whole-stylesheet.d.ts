/** The browser build's one stylesheet, as a path; undefined in `vite dev` (vite.config.ts). */
declare module 'virtual:whole-stylesheet' {
  const href: string | undefined
  export default href
}
