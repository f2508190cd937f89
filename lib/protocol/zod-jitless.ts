/**
 * Imported first by every extension page and the background, before any schema exists: zod 4
 * compiles validators with `new Function` unless told not to, and an extension's CSP refuses that
 * (Firefox reports each refusal in the console, even when zod catches it and falls back).
 */
import { z } from 'zod';

z.config({ jitless: true });
