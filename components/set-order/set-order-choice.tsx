/**
 * Playing a crate as a set: the energy shape it follows (build up, waves, keep it level), and the
 * choice to play it so at all. The cart tab offers the shape beside its "As a set" sort; the
 * export dialog and the USB stick page offer both.
 */
import { i18n } from '#i18n';
import { type EnergyShape, energyShapes } from '../../lib/set-order/set-order.ts';

const shapeWords: Record<EnergyShape, () => string> = {
  build: () => i18n.t('setOrder.shapeBuild'),
  waves: () => i18n.t('setOrder.shapeWaves'),
  keep: () => i18n.t('setOrder.shapeKeep'),
};

export function EnergyShapeSelect({
  shape,
  onShape,
}: {
  shape: EnergyShape;
  onShape(shape: EnergyShape): void;
}) {
  return (
    <label class="inline">
      {i18n.t('setOrder.shape')}
      <select
        value={shape}
        onChange={(event) => {
          const chosen = energyShapes.find((each) => each === event.currentTarget.value);
          if (chosen) onShape(chosen);
        }}
      >
        {energyShapes.map((value) => (
          <option key={value} value={value}>
            {shapeWords[value]()}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * "In the order that plays as a set" and, once checked, its shape. `shape` null: the crate's own
 * order. Checking it asks for `build`; the caller may restore more (the dialog, its pinned tracks).
 */
export function SetOrderChoice({
  shape,
  onShape,
  disabled = false,
}: {
  shape: EnergyShape | null;
  onShape(shape: EnergyShape | null): void;
  disabled?: boolean;
}) {
  return (
    <>
      <label class="inline">
        <input
          type="checkbox"
          checked={shape !== null}
          disabled={disabled}
          onChange={(event) => onShape(event.currentTarget.checked ? 'build' : null)}
        />
        {i18n.t('setOrder.asSet')}
      </label>
      {shape && <EnergyShapeSelect shape={shape} onShape={onShape} />}
    </>
  );
}
