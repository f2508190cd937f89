import { type CoverSize, coverPath } from '../../artwork/cover-paths.ts';
import { coverClass } from '../cover-art.ts';

/**
 * A release's cover picture at a size the store serves. The gradient of coverClass stays as its
 * background while it loads; its size is given so the page does not shift, and pictures below
 * the fold load only when scrolled to. Decorative: the title is always beside it.
 */
export function CoverImage({
  releaseId,
  size,
  extraClass = '',
  lazy = true,
}: {
  releaseId: number;
  size: CoverSize;
  extraClass?: string;
  lazy?: boolean;
}) {
  return (
    <img
      class={`${coverClass('release', releaseId)} ${extraClass}`.trim()}
      src={coverPath(releaseId, size)}
      width={size}
      height={size}
      alt=""
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
    />
  );
}
