// A query built and compiled once per shape, then run with each call's values (decision 058): Kysely builds and
// compiles every query afresh, which for a lead's one statement took more time than PGlite took to run it.
import type { Compilable, CompiledQuery } from 'kysely'
import type { Db } from './database.server'

/** Where a value goes in a query built once: the compiled query carries it as a parameter. */
class Slot {
  constructor(readonly name: string) {}
}

/** `value(name)` in a query built once. */
export type Value<Values> = <Name extends keyof Values & string>(name: Name) => Values[Name]

/**
 * `build` gets `value(name)`, a stand-in for that value, and the shape (what changes the query's text, e.g. which
 * rows it queues). It passes each value to the query as it is, never computing with it or branching on it.
 */
export function reusedQuery<Values extends Record<string, unknown>, Shape, Row>(
  build: (value: Value<Values>, shape: Shape, db: Db) => Compilable<Row>,
) {
  const compiled = new Map<string, CompiledQuery<Row>>()
  return async (db: Db, shape: Shape, values: Values): Promise<Row[]> => {
    const key = JSON.stringify(shape)
    let query = compiled.get(key)
    if (!query) {
      query = build((name) => new Slot(name) as never, shape, db).compile()
      compiled.set(key, query)
    }
    const parameters = query.parameters.map((parameter) =>
      parameter instanceof Slot ? values[parameter.name] : parameter,
    )
    return (await db.executeQuery<Row>({ ...query, parameters })).rows
  }
}
