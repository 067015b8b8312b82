import * as z from 'zod/mini';

// The portal's Content-Security-Policy allows no 'unsafe-eval'. Zod probes `new Function('')` the
// first time it builds an object schema, to compile faster parsers; in the browser each probe is
// refused, logged as a console error and reported as a CSP violation even though zod catches it.
// Without it zod parses by walking the schema, which is quick enough for our answers and forms.
// zod/mini loads no language of its own: English is zod's wording for a check we give no message
// (classic zod loads it on import), so web and API word those the same whichever zod they import.
// index.ts imports this file first, so it runs before any schema here is built, in web and API alike.
z.config({ ...z.locales.en(), jitless: true });
