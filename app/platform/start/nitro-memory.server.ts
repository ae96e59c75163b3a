import { setFlagsFromString } from 'node:v8'
import { definePlugin } from 'nitro'

// V8 lets its heap grow to about four times what is live before it collects: under steady requests that held
// 100 MB of garbage and took the server past 350 MB. 1.4 times keeps it near 290 MB (docs/deploy.md).
if (!import.meta.dev) setFlagsFromString('--heap-growing-percent=40')

export default definePlugin(() => {})
