/** The energy shape a set is played in (build up, waves, keep it level): the cart's and the export dialog's one choice. */
import { i18n } from '#i18n';
import { type EnergyShape, energyShapes } from '../../lib/set-order/set-order.ts';

const shapeWords: Record<EnergyShape, () => string> = {
  build: () => i18n.t('popup.cart.shapeBuild'),
  waves: () => i18n.t('popup.cart.shapeWaves'),
  keep: () => i18n.t('popup.cart.shapeKeep'),
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
      {i18n.t('popup.cart.shape')}
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
