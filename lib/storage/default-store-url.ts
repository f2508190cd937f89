declare global {
  interface ImportMetaEnv {
    /** The origin of the store a build is for (wxt.config.ts, CRATE_STORE_URL); empty for the demo's build. */
    readonly CRATE_STORE_URL?: string;
  }
}

/** The store address a new install starts with: the store the build is for, or the demo on this computer. */
export const defaultStoreUrl: string = import.meta.env.CRATE_STORE_URL || 'http://127.0.0.1:8787';
