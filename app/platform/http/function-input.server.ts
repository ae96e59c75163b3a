import { setResponseStatus } from '@tanstack/react-start/server'
import * as v from 'valibot'

/** A server function's validator: 400 with the schema's first message. */
export function parse<S extends v.GenericSchema>(schema: S) {
  return (input: unknown): v.InferOutput<S> => {
    const result = v.safeParse(schema, input)
    if (!result.success) {
      setResponseStatus(400)
      throw new Error(result.issues[0]?.message ?? 'Invalid request')
    }
    return result.output
  }
}
