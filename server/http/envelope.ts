/** Every JSON response is {metadata, results} (contract.md section 1). */
export interface Envelope<T, M = Record<string, unknown>> {
  metadata: M;
  results: T;
}

export const envelope = <T, M extends object = Record<string, unknown>>(
  results: T,
  metadata: M = {} as M,
): Envelope<T, M> => ({ metadata, results });

export interface Paging {
  page: number;
  perPage: number;
}

export const pagingMetadata = ({ page, perPage }: Paging, count: number) => ({
  page,
  perPage,
  count,
  totalPages: Math.ceil(count / perPage),
});
