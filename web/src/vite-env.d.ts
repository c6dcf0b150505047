/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The stage's footage model, set by web/build.ts from FOOTAGE_MODEL; empty for engine-only ads. */
  readonly VITE_FOOTAGE_MODEL?: string;
}
