// Comments say why in a line or two (STYLE.md): at most 5% of the characters of app/.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const sourceFile = /\.(tsx?|jsx?|mjs)$/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return sourceFile.test(entry.name) && entry.name !== 'routeTree.gen.ts' ? [path] : []
  })
}

/** Comment characters found by the parser: every comment range before or after a node or token. */
function commentCharacters(path: string, text: string): number {
  const file = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    true,
    /x$/.test(path) ? ts.ScriptKind.TSX : undefined,
  )
  const ranges = new Map<number, number>()
  const collect = (node: ts.Node) => {
    for (const range of [
      ...(ts.getLeadingCommentRanges(text, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, node.end) ?? []),
    ])
      ranges.set(range.pos, range.end - range.pos)
    node.getChildren(file).forEach(collect)
  }
  collect(file)
  return [...ranges.values()].reduce((sum, length) => sum + length, 0)
}

describe('comments', () => {
  it('are at most 5% of the characters of app/ (the generated route tree aside)', () => {
    let characters = 0
    let comments = 0
    for (const path of sourceFiles('app')) {
      const text = readFileSync(path, 'utf8')
      characters += text.length
      comments += commentCharacters(path, text)
    }
    console.log(
      `[comments] ${comments} of ${characters} characters in app/ (${((100 * comments) / characters).toFixed(2)}%)`,
    )
    expect(comments / characters).toBeLessThanOrEqual(0.05)
  })

  it('are counted in code, JSX and between statements alike', () => {
    const text = '// one\nconst a = 1 /* two */\nconst b = <p>{/* three */}x</p>\n'
    expect(commentCharacters('x.tsx', text)).toBe('// one'.length + '/* two */'.length + '/* three */'.length)
  })
})
