/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The stage's typical seconds from payment to the ad, set by web/build.ts from FOOTAGE_MODEL. */
  readonly VITE_DELIVERY_SECONDS?: string;
}
