/** Paged lists of the store API (store-api.md): `page` from 1, `perPage` from 1 to this. */
export const maxPerPage = 150;
