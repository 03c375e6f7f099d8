// Types of build-server.mjs for the TypeScript that imports it (server/test/global-setup.ts).
import type { BuildOptions } from 'esbuild';

export declare const serverBundleOptions: BuildOptions;
export declare function buildServer(): Promise<string>;
