/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API, e.g. https://api.example.org. Empty: the API serves this app (same origin). */
  readonly VITE_API_URL?: string;
  readonly VITE_CREDITS_AUTHOR?: string;
  readonly VITE_CREDITS_UNIVERSITY?: string;
  readonly VITE_CREDITS_YEAR?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
