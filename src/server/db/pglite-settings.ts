/**
 * PostgreSQL's shared_buffers inside the embedded database, in MB. PGlite's own default is
 * PostgreSQL's 128MB, and PostgreSQL touches all of it at start: on a small server most of it
 * is memory a small site never reads back (decision 086). PGLITE_SHARED_BUFFERS_MB overrides it.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 128;
