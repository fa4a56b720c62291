export declare function sourceFingerprint(): string;
export declare function buildState(distDir: string): 'missing' | 'stale' | 'current';
