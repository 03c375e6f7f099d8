import { z } from 'zod';

// Every validation message the user can see is Spanish, on the server and in the browser alike.
z.config(z.locales.es());

export { z };
