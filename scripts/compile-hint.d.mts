export const compileHint: string
export const compileHintMinBytes: number
