/**
 * "Export crate…" in the library tab: a button only, so the popup's first paint carries none of
 * the export code; the dialog and its file formats load when it is pressed.
 */
import type { ComponentType } from 'preact';
import { useState } from 'preact/hooks';
import type { LibraryEntry } from '../../lib/contract/wire.ts';
import type { CrateExportDialogProps } from './crate-export-dialog.tsx';

export function CrateExportButton({ selection }: { selection: readonly LibraryEntry[] | null }) {
  const [Dialog, setDialog] = useState<ComponentType<CrateExportDialogProps> | null>(null);
  const [open, setOpen] = useState(false);

  async function show() {
    if (!Dialog) {
      const loaded = await import('./crate-export-dialog.tsx');
      setDialog(() => loaded.CrateExportDialog);
    }
    setOpen(true);
  }

  if (open && Dialog) return <Dialog selection={selection} onClose={() => setOpen(false)} />;
  return (
    <button type="button" class="crate-export-open" onClick={() => void show()}>
      Export crate…
    </button>
  );
}
