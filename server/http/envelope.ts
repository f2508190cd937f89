/** Every JSON response is {metadata, results} (contract.md section 1). */
export interface Envelope<T> {
  metadata: Record<string, unknown>;
  results: T;
}

export const envelope = <T>(results: T, metadata: Record<string, unknown> = {}): Envelope<T> => ({
  metadata,
  results,
});

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
