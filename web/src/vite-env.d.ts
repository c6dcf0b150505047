/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; a same-origin path. Defaults to `/api`. */
  readonly VITE_API_BASE_URL?: string;
}
