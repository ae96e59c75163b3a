export declare const chromiumFlags: string[]
export declare function findChromium(): string | undefined
export declare function ensureChromium(): string
export declare function ensureCommand(command: string, debianPackage: string): void
