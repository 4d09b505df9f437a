/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address of the sister giving product (public mobile header link). */
  readonly VITE_GIVING_URL?: string;
}
