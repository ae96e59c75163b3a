// npm run lint: dpdm finds circles between files; this reads its JSON (`dpdm -o <file>`) and fails on a circle
// between feature folders (and the platform), which can exist with no file circle (issue 78).
import { readFileSync } from 'node:fs'

const tree: Record<string, { id: string | null }[] | null> = JSON.parse(readFileSync(process.argv[2]!, 'utf8')).tree
const folderOf = (file: string | null) => (file && /^app\/(features\/[^/]+|platform)\//.exec(file)?.[1]) || null
// Folder → each folder it imports → one file import that does, to show where the circle runs.
const edges = new Map<string, Map<string, string>>()
for (const [file, dependencies] of Object.entries(tree)) {
  const from = folderOf(file)
  for (const { id } of dependencies ?? []) {
    const to = folderOf(id)
    if (from && to && to !== from && !edges.get(from)?.has(to))
      edges.set(from, (edges.get(from) ?? new Map()).set(to, `${file} → ${id}`))
  }
}

const cleared = new Set<string>() // folders from which no circle leads
function circleFrom(path: string[]): string[] | undefined {
  for (const next of cleared.has(path.at(-1)!) ? [] : (edges.get(path.at(-1)!)?.keys() ?? [])) {
    if (path.includes(next)) return [...path.slice(path.indexOf(next)), next]
    const found = circleFrom([...path, next])
    if (found) return found
  }
  cleared.add(path.at(-1)!)
}
const circle = [...edges.keys()].map((folder) => circleFrom([folder])).find(Boolean)
if (circle) {
  console.error(`A circle between folders: ${circle.join(' → ')}`)
  circle.slice(1).forEach((to, step) => console.error(`  ${edges.get(circle[step]!)!.get(to)}`))
  process.exit(1)
}
console.log(`No circle between the ${new Set(Object.keys(tree).map(folderOf).filter(Boolean)).size} folders.`)
