import type { Plugin } from 'vite';

export declare const SERVER_MODULE: RegExp;
export declare function exportNames(source: string): string[];
export declare function serverModuleStub(names: string[]): string;
export declare function serverOnlyModules(): Plugin;
