/**
 * "Export crate…" in the library tab and "Export this cart…" in the cart tab: a button only, so the
 * popup's first paint carries none of the export code; the dialog and its file formats load when
 * it is pressed.
 */
import type { ComponentType } from 'preact';
import { useState } from 'preact/hooks';
import type { CrateExportDialogProps } from './crate-export-dialog.tsx';

export function CrateExportButton({
  label,
  disabled = false,
  ...source
}: Omit<CrateExportDialogProps, 'onClose'> & { label: string; disabled?: boolean }) {
  const [Dialog, setDialog] = useState<ComponentType<CrateExportDialogProps> | null>(null);
  const [open, setOpen] = useState(false);

  async function show() {
    if (!Dialog) {
      const loaded = await import('./crate-export-dialog.tsx');
      setDialog(() => loaded.CrateExportDialog);
    }
    setOpen(true);
  }

  if (open && Dialog) return <Dialog {...source} onClose={() => setOpen(false)} />;
  return (
    <button type="button" class="crate-export-open" disabled={disabled} onClick={() => void show()}>
      {label}
    </button>
  );
}
