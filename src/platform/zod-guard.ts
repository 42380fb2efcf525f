import * as z from "zod";

/**
 * The library's first module (index.ts imports it before anything else): zod 3, installed past the
 * peer range (npm install --legacy-peer-deps), has neither registries nor `z.url`, and the first
 * schema made at load failed with "z.registry is not a function" from inside the bundle. Say what is
 * wrong and what to run instead.
 */
if (typeof z.registry !== "function" || typeof z.url !== "function")
  throw new Error(
    "addon-studio needs zod 4.3 or newer (its peer dependency), but an older zod is installed: run npm install zod@^4.3",
  );
